"""The Gin table at a joiner's program is the one Gin table (game/gin/table.py's
`join`); this name stays for the Join screen's list until it calls each game's
`table.join` (issue #42)."""
from game.gin.table import GinTable, join

RemoteGinTable = join
__all__ = ["GinTable", "RemoteGinTable"]
