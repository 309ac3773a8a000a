"""cardtable: a desktop card table."""

__version__ = "0.1.0"

#: The application's id on desktops: the window's class (X11) and app id (Wayland), the name of its desktop
#: entry, icon and AppStream metainfo, and the macOS bundle identifier.
APP_ID = "org.cardtable.cardtable"

#: The window's size the first time the app opens (later: as the person left it).
DEFAULT_SIZE = (1280, 800)
