"""Network play: the LAN listing of tables (discovery.py) and the transport."""
