"""Flet components, one per file. They render the session's fields and call its verbs; they
never import cv2 or sqlite_utils and never see more than the engine's views put in the session."""
