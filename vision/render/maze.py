"""Grow plausible Saboteur mazes from the start card, the way a real game lays them.

A scene's truth is only as good as its board: the scanner must see the shapes and copy counts
a real box holds, tunnels that join, dead ends, cards turned 180 degrees, holes left by rockfalls,
cards behind the start and beyond the goals, and goals revealed where a tunnel reached them.
"""
from __future__ import annotations

import math
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
    """Empty cells that an opening of a reachable, passable card faces, inside the table bounds."""
    c0, c1, r0, r1 = bounds
    out = set()
    for (x, y) in reach:
        cell = board[(x, y)]
        if cell.dead_end or (cell.kind == "goal" and cell.face == "down"):
            continue
        for side in cell.openings:
            dx, dy = STEP[side]
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


def grow_maze(rng: random.Random, n_cards: int, illegal: float = 0.02, rockfalls: int = 0) -> Board:
    """Lay up to `n_cards` tunnel cards like players do: from a hand of six, legal and joined,
    gold-diggers pushing toward the goals and keeping tunnels open, saboteurs now and then blocking."""
    board = start_board(rng)
    deck = _deck(rng)
    hand = [deck.pop() for _ in range(6)]
    bounds = (rng.choice([-4, -3, -2, -1]), rng.choice([9, 10, 11]), -rng.randint(3, 4), rng.randint(3, 4))
    pull, spread, sabotage = rng.uniform(0.2, 1.0), rng.uniform(0.05, 0.6), rng.uniform(0.05, 0.35)
    placed = 0
    while placed < n_cards and hand:
        reach = _reachable(board)
        moves = _moves(board, reach, _frontier(board, reach, bounds), hand, pull, spread)
        if not moves:
            break
        if rng.random() < sabotage:  # a saboteur: any legal card, dead ends welcome
            i, pos, o = rng.choice(moves)[:3]
        else:
            i, pos, o = rng.choices(moves, weights=[m[3] for m in moves])[0][:3]
        if rng.random() < illegal:  # someone lays a card that does not match: the scanner reports it anyway
            o = turn180(o) if turn180(o) != o else o
        board[pos] = Cell("path", o, hand[i][1])
        hand.pop(i)
        if deck:
            hand.append(deck.pop())
        placed += 1
        _reveal(board, rng)
    _rockfall(board, rng, rockfalls)
    return board


def _moves(board: Board, reach: set, front: list, hand: list, pull: float, spread: float) -> list:
    """Every legal (hand index, cell, openings, weight) a gold-digger would rate."""
    out = []
    for i, (openings, dead) in enumerate(hand):
        for o in sorted({openings, turn180(openings)}):  # sorted: set order changes with the hash seed
            for pos in front:
                if not (_fits(board, pos, o) and _joins(board, reach, pos, o)):
                    continue
                open_ahead = 0 if dead else sum(
                    (pos[0] + STEP[s][0], pos[1] + STEP[s][1]) not in board for s in o)
                w = math.exp(pull * min(pos[0], 8)) / (1 + spread * abs(pos[1])) * (0.5 + open_ahead)
                out.append((i, pos, o, w * (0.25 if dead else 1.0)))
    return out


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


def first_cards(board: Board, n: int) -> Board:
    """The board as it was after the first `n` tunnel cards were laid (goals turned up only by then)."""
    out: Board = {}
    laid = 0
    for pos, cell in board.items():  # dicts keep the order the cards were laid in
        if cell.kind == "path":
            if laid >= n:
                continue
            laid += 1
        elif cell.kind == "goal":
            cell = Cell("goal", "", face="down", stone_shape=cell.stone_shape)
        out[pos] = cell
    _reveal(out, random.Random(0))
    return out
