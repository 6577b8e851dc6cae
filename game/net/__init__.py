"""Network play (issue #36): one host runs the authoritative engine, remote players
join its table by address and code. protocol.py is the message schema, host.py the
table (pure, synchronous: testable without sockets), server.py and client.py the
websockets transport in a background thread, sealed by the table code (seal.py), behind
a door no stranger can hold (door.py, code_guard.py); upnp.py asks the router to
forward the port; headless.py the windowless host.
No pygame here. docs/network.md tells the design.
"""
