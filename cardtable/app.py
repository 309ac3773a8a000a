"""The application: window, clock, scene stack, main loop and command-line flags."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardtable", description="A desktop card table.")
    parser.add_argument("--self-test", action="store_true",
                        help="play a scripted Klondike game through the real UI headless; exit 0 on success")
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1280x800")
    parser.add_argument("--screenshots", metavar="DIR", help="with --self-test: save screenshots here")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `cardtable` command and `python -m cardtable`."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(sys.argv[1:] if argv is None else argv)
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))
    if args.self_test:
        from cardtable.ui.selftest import run_self_test

        return run_self_test(size, args.screenshots)
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.window import App

    app = App(size)
    app.show(MenuScene(app))
    app.run()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
