"""The three goals as the reader sees them: face down unless it sees a turned-up goal, read on the
goal column's outlines and again where the maze's fit puts them."""
import cv2
import numpy as np

from . import cellnet, geometry
from .cells import GOAL_CELLS, Cell, Surface, overlaps, some_openings, sureness, trimmed
from .fit import push_sides
from .settings import GridSettings


def read_goals(sf: Surface, quads: list[np.ndarray]) -> list[Cell]:
    """Each goal face down unless the card reader sees a turned-up goal (a gold nugget on a cross,
    coal on a curve) there: goal backs differ between editions, and a back the reader has never
    seen must not pass for a revealed goal."""
    return [_goal_cell(pos, q, g) for pos, q, g in zip(GOAL_CELLS, quads, cellnet.read(sf.fine, quads))]


def _goal_cell(pos: tuple[int, int], quad: np.ndarray, g: "cellnet.CellGuess") -> Cell:
    gold, stone = g.p("goal_gold"), g.p("goal_stone")
    if gold + stone < 0.5:
        return Cell(*pos, "goal", "", False, "down", 1.0 - gold - stone, quad)
    conf = min(gold + stone, sureness(g))
    if gold >= stone:
        return Cell(*pos, "goal", "NESW", False, "gold", conf, quad)
    return Cell(*pos, "goal", some_openings(g), False, "stone", conf, quad)


def goals_again(sf: Surface, h: np.ndarray, goals: list[Cell], gs: GridSettings) -> list[Cell]:
    """The goals read again where the maze's fit puts them: the goal column's own outlines can be
    a card off (a column guessed from the start, a turned-up goal that no longer looks like the
    others), and then the reader sees table or a neighbour there. Each goal keeps the outline,
    its own or the fit's (each also snapped to the card's edges), the reader likes best as a goal."""
    quads: list[np.ndarray] = []
    owner: list[int] = []
    for i, goal in enumerate(goals):
        predicted = geometry.quad_of(h, goal.col, goal.row)
        near = overlaps(goal.quad, [predicted], 1.0)   # else the column's outline lies on another card
        for q in ((goal.quad, predicted) if near else (predicted,)):
            quads += [q, trimmed(sf, push_sides(sf.grads, q, -gs.search, gs.search, 15))]
            owner += [i, i]
    guesses = cellnet.read(sf.fine, quads)
    out = []
    for i, goal in enumerate(goals):
        mine = [j for j in range(len(quads)) if owner[j] == i]
        j = max(mine, key=lambda j: goal_p(guesses[j]) + (0.05 if j == mine[0] else 0.0))
        quad, g = quads[j], guesses[j]
        if goal_p(g) < 0.5:   # no goal on any outline: the fit is off out there, look around it
            near_quad, near_g = goal_near(sf.fine, h, goal.col, goal.row)
            if near_g is not None and goal_p(near_g) >= 0.5:
                quad, g = near_quad, near_g
        out.append(_goal_cell((goal.col, goal.row), quad, g))
    return out


def goals_wider(img: np.ndarray, h: np.ndarray, cells: list[Cell]) -> list[Cell]:
    """The chosen frame's goals that the reader sees on no outline, looked for up to a card
    around where the fit puts them (a fit drifting eight cards out over a steep view). Only once
    the frame is chosen: a goal found that far off says nothing for the frame, and counted while
    frames are compared it would let a poor frame pass for a sure one."""
    goals = [c for c in cells if c.kind == "goal"]
    unseen = [c for c, g in zip(goals, cellnet.read(img, [c.quad for c in goals])) if goal_p(g) < 0.5]
    found = {}
    for c in unseen:
        quad, g = goal_near(img, h, c.col, c.row, AROUND)
        others = [o.quad for o in goals if o is not c]
        if g is not None and goal_p(g) >= 0.5 and not overlaps(quad, others, 1.0):   # not a neighbour goal
            found[(c.col, c.row)] = _goal_cell((c.col, c.row), quad, g)
    return [found.get((c.col, c.row), c) if c.kind == "goal" else c for c in cells]


GOAL_OFFSETS = np.linspace(-0.5, 0.5, 5)   # search around a goal no outline shows, in card pitches
AROUND = np.linspace(-1.0, 1.0, 9)         # ... and up to a card off, once the frame is chosen


def goal_near(img: np.ndarray, h: np.ndarray, col: int, row: int,
              offsets: np.ndarray = GOAL_OFFSETS) -> tuple[np.ndarray, "cellnet.CellGuess | None"]:
    """The likeliest goal within `offsets` card pitches (half a card unless asked wider) of where
    the fit puts (col, row): the goals lie eight
    cards from the start, where a fit extrapolated over a steep view drifts most. No reading
    (None, with the fit's own outline) when every outline around is folded or off the photo."""
    quads = [geometry.quad_of(h, col + dx, row + dy) for dx in offsets for dy in offsets]
    h_img, w_img = img.shape[:2]
    quads = [q for q in quads if cv2.isContourConvex(np.float32(q))   # off the photo there is nothing to read
             and 0 <= q[:, 0].mean() < w_img and 0 <= q[:, 1].mean() < h_img]
    if not quads:
        return geometry.quad_of(h, col, row), None
    guesses = cellnet.read(img, quads)
    i = max(range(len(quads)), key=lambda i: goal_p(guesses[i]))
    return quads[i], guesses[i]


def goal_p(g: "cellnet.CellGuess") -> float:
    """Probability that a goal card, face down or up, lies in the cell."""
    return g.p("goal_down") + g.p("goal_gold") + g.p("goal_stone")
