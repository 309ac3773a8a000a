"""The application: window, clock, scene stack, main loop and command-line flags."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import MutableMapping, Sequence

from cardtable import APP_ID, DEFAULT_SIZE
from cardtable.net.serve import add_arguments as add_serve_arguments


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardtable", description="A desktop card table.")
    parser.add_argument("--self-test", action="store_true",
                        help="play a scripted Klondike game through the real UI headless; exit 0 on success")
    parser.add_argument("--game", metavar="ID",
                        help="with --self-test: play a whole game of this game through the real UI headless "
                             "(bots in every seat; the person's seat of a solitaire plays its hints)")
    parser.add_argument("--size", help="window size, e.g. 1280x800 (default: as the window was left, or 1280x800)")
    parser.add_argument("--screenshots", metavar="DIR", help="with --self-test: save screenshots here")
    parser.add_argument("--self-test-report", metavar="FILE",
                        help="with --self-test: also write the outcome to FILE (windowed builds have no stdout)")
    parser.add_argument("--report-scenes", metavar="FILE",
                        help="append a JSON line to FILE when each scene draws its first frame (time, scene, "
                             "window size, button and zone rectangles): for start-up timing and smoke tests")
    parser.add_argument("--table", metavar="ID",
                        help="open a new table of this game (the options and seats the menu's form has for it) "
                             "instead of the menu")
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    serve = commands.add_parser("serve", help="host a table headless for people who join over the network",
                                description="Host a table without a window: print its addresses, port and code, "
                                            "start the game when every open seat is taken (or on Enter), and run "
                                            "until the game ends or Ctrl-C.")
    add_serve_arguments(serve)
    # macOS may pass a process serial number (-psn_0_1234) to an app opened from the Finder.
    args = sys.argv[1:] if argv is None else argv
    return parser.parse_args([a for a in args if not a.startswith("-psn_")])


def prepare_environment(environ: MutableMapping[str, str]) -> None:
    """What pygame and SDL read at start-up: no banner, and the window's class (X11 WM_CLASS, Wayland app id).

    Desktops match the class to the desktop entry of the same name, for the icon and name in the taskbar.
    """
    environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `cardtable` command and `python -m cardtable`."""
    prepare_environment(os.environ)
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "serve":  # headless: no window, no pygame
        from cardtable.net.serve import run

        return run(args)
    from cardtable.languages import use_wanted

    use_wanted(os.environ)
    size = None
    if args.size:
        width, _, height = args.size.partition("x")
        size = (int(width), int(height))
    if args.self_test:
        from cardtable.ui.selftest import run_self_test

        return run_self_test(size or DEFAULT_SIZE, args.screenshots, args.self_test_report, args.game)
    from pathlib import Path

    from cardtable.resources import AssetsMissing
    from cardtable.ui.display import NoDisplay
    from cardtable.ui.window import App

    if args.table:
        from cardtable.games import get_game

        try:
            get_game(args.table)
        except KeyError as exc:
            print(f"cardtable: {exc.args[0]}", file=sys.stderr)
            return 2
    try:
        app = App(size)
    except (NoDisplay, AssetsMissing) as exc:  # one sentence, not a traceback
        print(exc, file=sys.stderr)
        return 2
    if args.report_scenes:
        app.scene_report = Path(args.report_scenes)
    if args.table:
        app.navigator.new_table(args.table)
    else:
        app.navigator.menu()
    app.run(exit_after=True)  # the process ends there
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
