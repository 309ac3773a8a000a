"""python -m cardtable, and the packaged app's entry point."""

import sys

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # First thing: in the packaged app this lets the bots' worker process start (it re-runs this file).
        from cardtable.bots.worker import freeze_support

        freeze_support()
    from cardtable.app import main

    sys.exit(main())
