"""The Flet table companion app."""
