"""A joiner's Go-Stop table is the one table (table.py) over the seat's link to the host:
`table.join(app, seat)`. This name stays for the Join screen until it calls `join`."""
from .table import join as RemoteGoStopTable  # noqa: F401
