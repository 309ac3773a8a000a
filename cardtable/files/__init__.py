"""The app's own files, treated with suspicion: hardened reading, locks between copies of the app, housekeeping."""
