"""Play across computers: a host runs the engine and the match, clients send intended actions and receive only
their own seat's view and the public events (see DESIGN.md, "Play across computers").

    protocol      the versioned JSON messages, their limits and checks
    wire          views, events and actions as JSON-safe data, and back
    redaction     what of a move's events each seat may see
    commitment    the deal's seed committed by hash and revealed at the end
    host          the authority: a hosted table, pure and driven by the clock it is given
    discovery     finding tables on the LAN (zeroconf)
    server        the host's transport: tables served over WebSockets from a thread of their own
    pace          how often the tables' clocks advance, and bots that need no time catching up
    keeper        hosted tables written to disk after every change, and read back to resume
    snapshot      what the host's window shows of a hosted table
    connection    a client's transport: a WebSocket in a thread of its own, rejoining after a drop
    serve         `cardtable serve`: a table hosted headless
    tls           TLS contexts for wss:// (optional)
"""
