"""Checks that a frame was read from a start that looks like one. A frame is posed from whatever
the search took for the start; at low resolution that can be a plain crossing card, or a window
across part of a card around a spot of colour, and its walk can still read cards surely."""
import numpy as np

from . import cellnet
from .board import fit_places_start, start_from_fit
from .cells import Cell
from .fiducials import START_ALONE
from .geometry import aspect


def shaped_like_goals(cells: list[Cell], most: float = 2.5) -> bool:
    """Whether the start's outline has the goals' width over length, within a factor `most`.
    Perspective alone changes it by 0.61-1.97 between start and goals (truth of the four bench
    sets and the samples); a window across a card (seen: 79 x 45 px against goals of 68 x 140)
    is no card at all."""
    goals = [aspect(c.quad) for c in cells if c.kind == "goal"]
    if not goals:
        return True
    r = aspect(next(c.quad for c in cells if c.kind == "start")) / float(np.median(goals))
    return 1.0 / most <= r <= most


def read_as_start(img: np.ndarray, cells: list[Cell], h: np.ndarray, least: float = 0.02,
                  alone: float = START_ALONE) -> bool:
    """Whether the card reader sees the start on the outline the answer would report for it: where
    the maze's fit puts it, or with too few path cards for that fit its own outline. A frame from a
    crossing card taken for the start, or from a start posed half a card off, fits its maze to a
    start outline the reader rules out. On the four bench sets the boards read exactly give that
    outline 0.06 once and otherwise 0.96 or more; wrong boards and bad photos that passed every
    other check 0.008 or less. A turned-up gold goal (a cross with a nugget) counts for the start
    there: no goal lies at (0,0), and the reader can take a start's cross and ladder for one (dark
    tunnels on pale stone, renderer seed 1400032: gold 0.996, start 0.004; on the thirteen bench sets
    it changed no other answer). Without path cards nothing else vouches for the frame: the start
    must pass the search's own bar (`alone`, as in fiducials._is_start)."""
    start = next(c for c in start_from_fit(cells, h) if c.kind == "start")
    guess = cellnet.read(img, [start.quad])[0]
    if not fit_places_start(cells):
        return guess.p("start") >= alone
    return guess.p("start") + guess.p("goal_gold") >= least
