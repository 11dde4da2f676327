"""Grow plausible Saboteur mazes from the start card, the way a real game lays them.

A scene's truth is only as good as its board: the scanner must see the shapes and copy counts
a real box holds, tunnels that join, dead ends, cards turned 180 degrees, holes left by rockfalls,
cards behind the start and beyond the goals, and goals revealed where a tunnel reached them.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import GOALS, OPPOSITE, STEP, TUNNEL_SHAPES, stone_face, turn180


@dataclass
class Cell:
    """One card on the table, in the board frame of RULES.md."""

    kind: str  # "start" | "goal" | "path"
    openings: str  # NESW subset as it lies (already turned); "" for a face-down goal
    dead_end: bool = False
    face: str | None = None  # goals: "down" | "gold" | "stone"
    stone_shape: str | None = None  # hidden identity of a goal: "gold" | "stone_ne" | "stone_nw"

    def truth(self) -> dict:
        """The cell as a truth record (without position and corners)."""
        if self.kind == "goal":
            rec: dict = {"kind": "goal", "face": self.face}
            if self.face != "down":
                rec["openings"] = self.openings
                rec["dead_end"] = False
            return rec
        return {"kind": self.kind, "openings": self.openings, "dead_end": self.dead_end}


Board = dict[tuple[int, int], Cell]


def _deck(rng: random.Random) -> list[tuple[str, bool]]:
    """The 40 tunnel cards as (upright openings, dead_end), shuffled."""
    deck = [(s.openings, not s.connected) for s in TUNNEL_SHAPES for _ in range(s.copies)]
    rng.shuffle(deck)
    return deck


def start_board(rng: random.Random) -> Board:
    """Start at (0,0) and the three goals face down, gold hidden under one of them."""
    hidden = ["gold", "stone_ne", "stone_nw"]
    rng.shuffle(hidden)
    board: Board = {(0, 0): Cell("start", "NESW")}
    for pos, name in zip(GOALS, hidden):
        board[pos] = Cell("goal", "", face="down", stone_shape=name)
    return board


def _reachable(board: Board) -> set[tuple[int, int]]:
    """Cells joined to the start through connected tunnels (dead ends are reached but do not pass on)."""
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        pos = todo.pop()
        cell = board[pos]
        if cell.dead_end or (cell.kind == "goal" and cell.face == "down"):
            continue
        for side in cell.openings:
            dx, dy = STEP[side]
            nxt = (pos[0] + dx, pos[1] + dy)
            other = board.get(nxt)
            if other and nxt not in seen and OPPOSITE[side] in other.openings:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _fits(board: Board, pos: tuple[int, int], openings: str) -> bool:
    """Every neighbour edge matches (opening against opening, wall against wall); hidden goals are free."""
    for side, (dx, dy) in STEP.items():
        other = board.get((pos[0] + dx, pos[1] + dy))
        if other is None or (other.kind == "goal" and other.face == "down"):
            continue
        if (side in openings) != (OPPOSITE[side] in other.openings):
            return False
    return True


def _joins(board: Board, reach: set, pos: tuple[int, int], openings: str) -> bool:
    """At least one opening meets an opening of a reachable, passable card."""
    for side in openings:
        dx, dy = STEP[side]
        npos = (pos[0] + dx, pos[1] + dy)
        other = board.get(npos)
        if npos in reach and other and not other.dead_end and OPPOSITE[side] in other.openings:
            return True
    return False


def _frontier(board: Board, reach: set, bounds: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """Empty cells next to a reachable card, inside the table bounds."""
    c0, c1, r0, r1 = bounds
    out = set()
    for (x, y) in reach:
        for dx, dy in STEP.values():
            p = (x + dx, y + dy)
            if p not in board and c0 <= p[0] <= c1 and r0 <= p[1] <= r1:
                out.add(p)
    return sorted(out)


def _reveal(board: Board, rng: random.Random) -> None:
    """Turn up every face-down goal that a start-connected opening faces (stones join the tunnel)."""
    reach = _reachable(board)
    for gpos in GOALS:
        goal = board[gpos]
        if goal.face != "down":
            continue
        wanted = ""
        for side, (dx, dy) in STEP.items():
            npos = (gpos[0] + dx, gpos[1] + dy)
            other = board.get(npos)
            if npos in reach and other and not other.dead_end and OPPOSITE[side] in other.openings:
                wanted += side
        if wanted:
            if goal.stone_shape == "gold":
                goal.face, goal.openings = "gold", "NESW"
            else:
                goal.face = "stone"
                goal.openings = stone_face(goal.stone_shape, "".join(s for s in "NESW" if s in wanted))


def grow_maze(rng: random.Random, n_cards: int, illegal: float = 0.03, rockfalls: int = 0) -> Board:
    """Lay up to `n_cards` tunnel cards like players do: legal, joined, biased toward the goals."""
    board = start_board(rng)
    deck = _deck(rng)
    bounds = (rng.choice([-4, -3, -2, -1]), rng.choice([9, 10, 11]), -rng.randint(3, 4), rng.randint(3, 4))
    pull = rng.uniform(0.3, 1.5)
    placed = 0
    for _ in range(n_cards * 6):
        if placed >= n_cards or not deck:
            break
        reach = _reachable(board)
        front = _frontier(board, reach, bounds)
        if not front:
            break
        openings, dead = deck[-1]
        weights = [1.0 + pull * max(0, p[0]) / 4 + (0.6 if p[0] < 0 else 0) for p in front]
        for pos in rng.choices(front, weights=weights, k=min(len(front), 6)):
            opts = [openings, turn180(openings)]
            rng.shuffle(opts)
            for o in opts:
                legal = _fits(board, pos, o) and _joins(board, reach, pos, o)
                if legal or rng.random() < illegal:
                    board[pos] = Cell("path", o, dead)
                    deck.pop()
                    placed += 1
                    _reveal(board, rng)
                    break
            else:
                continue
            break
        else:
            deck.insert(0, deck.pop())  # nobody can play it now: it goes back under the pile
    _rockfall(board, rng, rockfalls)
    return board


def _rockfall(board: Board, rng: random.Random, n: int) -> None:
    """Remove `n` random tunnel cards, as rockfall action cards do (the hole may stay open)."""
    paths = [p for p, c in board.items() if c.kind == "path"]
    for pos in rng.sample(paths, min(n, len(paths))):
        del board[pos]


def reveal_random(board: Board, rng: random.Random, p: float) -> None:
    """Turn up goals at random too (after a round end players flip them), for face diversity."""
    for gpos in GOALS:
        goal = board[gpos]
        if goal.face == "down" and rng.random() < p:
            if goal.stone_shape == "gold":
                goal.face, goal.openings = "gold", "NESW"
            else:
                goal.face = "stone"
                up = "NE" if goal.stone_shape == "stone_ne" else "NW"
                goal.openings = up if rng.random() < 0.5 else turn180(up)


def loose_board(rng: random.Random, n_cards: int) -> Board:
    """A maze with its start card taken away (negative scene: the frame cannot be fixed)."""
    board = grow_maze(rng, n_cards)
    del board[(0, 0)]
    return board
