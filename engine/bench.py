"""`python -m engine bench`: placement checks per second and complete simulated games per second."""
import json
import random
import sys
import time
from collections.abc import Callable

from .board import Board, frontier, legal_placement, placement_problem
from .cards import TUNNEL_SHAPES, orientations
from .simulate import random_game
from .views import board_cards

PLAYERS = range(3, 11)


def _boards(count: int) -> list[Board]:
    """Boards as they stand at the end of simulated rounds (a realistic, grown maze)."""
    boards: list[Board] = []
    seed = 0
    while len(boards) < count:
        _, moves, state = random_game(3 + seed % 8, 10_000 + seed)
        boards.append(state.board)
        seed += 1
    return boards


def _queries(boards: list[Board], rng: random.Random) -> list[tuple[Board, tuple, str, bool]]:
    """Random shapes at frontier cells and beside cards: legal and illegal placements mixed."""
    out = []
    for board in boards:
        cells = frontier(board) + [(c + 1, r) for c, r in board.cells]
        for _ in range(200):
            shape = rng.choice(TUNNEL_SHAPES)
            out.append((board, rng.choice(cells), rng.choice(orientations(shape)),
                        not shape.connected))
    return out


def _rate(budget: float, step: Callable[[], int]) -> float:
    """Calls of step() per second over about `budget` seconds."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        done += step()
    return done / (time.perf_counter() - start)


def run(budget: float = 2.0) -> int:
    """Print the figures as one JSON object."""
    rng = random.Random(1)
    boards = _boards(20)
    queries = _queries(boards, rng)

    def checks() -> int:
        for board, pos, openings, dead in queries:
            placement_problem(board, pos, openings, dead)
        return len(queries)

    scanned = [board_cards(b) for b in boards]

    def cold_checks() -> int:  # what `check --jsonl` does per line: build the board, then check
        for cards in scanned:
            legal_placement(cards, {"col": 1, "row": 0, "openings": "EW", "dead_end": False})
        return len(scanned)

    seeds = iter(range(10**9))

    def games() -> int:
        for n in PLAYERS:
            random_game(n, next(seeds))
        return len(PLAYERS)

    figures = {
        "placement_checks_per_s": round(_rate(budget, checks)),
        "placement_checks_per_s_fresh_board": round(_rate(budget, cold_checks)),
        "simulated_games_per_s": round(_rate(budget, games), 1),
        "note": "games: three rounds of random legal moves, 3..10 players in turn; one process",
    }
    sys.stdout.write(json.dumps(figures) + "\n")
    return 0
