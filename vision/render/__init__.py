"""Seeded renderer of Saboteur table photos with exact truth, for testing the board scanner.

`render_scene(seed, **options) -> (BGR image, truth dict)`; the truth has the fields of the shared
samples: {"seed", "negative", "cards": [{"col", "row", "kind", "openings", "dead_end", "face",
"corners"}], "image": {"w", "h"}}. Corners are NW, NE, SE, SW of the card in the board frame.
"""
from .scene import render_scene, scene_family

# Bump when the pictures change, so cached benchmark sets are not mistaken for current ones.
RENDER_VERSION = "v16"   # v16: no outline-free cards whose tunnels match the stone (v15: goal backs with words...)

__all__ = ["render_scene", "scene_family", "RENDER_VERSION"]
