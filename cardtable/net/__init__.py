"""Play across computers: a host runs the engine and the match, clients send intended actions and receive only
their own seat's view and the public events (see DESIGN.md, "Play across computers").

    protocol      the versioned JSON messages, their limits and checks
    wire          views, events and actions as JSON-safe data, and back
    redaction     what of a move's events each seat may see
    commitment    the deal's seed committed by hash and revealed at the end
    host          the authority: a hosted table, pure and driven by the clock it is given
    discovery     finding tables on the LAN (zeroconf)
"""
