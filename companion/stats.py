"""Score sheets, statistics and CSV: pure functions of the replayed games.

Corrections are applied here, on top of the engine's per-round gold, so the engine's record stays
exactly what was played and the correction stays visible as its own log entry.
"""
from __future__ import annotations

import csv
import io
from typing import Any

from engine.state import GameState

ROUNDS = 3


def round_gold(state: GameState, corrections: dict[int, dict[int, int]]) -> list[list[int]]:
    """Nuggets per finished round per seat, corrections applied (round numbers start at 1)."""
    rows = [list(r) for r in state.round_gold]
    for number, gold in corrections.items():
        if 1 <= number <= len(rows):
            rows[number - 1] = [gold.get(s, rows[number - 1][s]) for s in range(state.n)]
    return rows


def totals(rows: list[list[int]], n: int) -> list[int]:
    return [sum(r[s] for r in rows) for s in range(n)]


def ranking(names: list[str], total: list[int]) -> list[dict[str, Any]]:
    """Most nuggets first; tied players share a place (and, at the top, the victory)."""
    rows = [{"seat": s, "name": names[s], "nuggets": t,
             "place": 1 + sum(1 for o in total if o > t)} for s, t in enumerate(total)]
    return sorted(rows, key=lambda r: (r["place"], r["seat"]))


def score_sheet(state: GameState, corrections: dict[int, dict[int, int]]) -> dict[str, Any]:
    """The whole sheet; the caller decides what may be shown (totals stay private until the end)."""
    rows = round_gold(state, corrections)
    total = totals(rows, state.n)
    return {"players": list(state.players), "rounds": rows, "totals": total,
            "ranking": ranking(list(state.players), total),
            "winners_by_round": list(state.round_winners), "corrected": sorted(corrections),
            "final": state.phase == "game_over"}


def sheet_csv(sheet: dict[str, Any]) -> str:
    """The score sheet as CSV: one row per player, one column per round, then the total."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["player"] + [f"round {r}" for r in range(1, ROUNDS + 1)] + ["total", "place"])
    places = {r["seat"]: r["place"] for r in sheet["ranking"]}
    for s, name in enumerate(sheet["players"]):
        cells = [sheet["rounds"][r][s] if r < len(sheet["rounds"]) else "" for r in range(ROUNDS)]
        w.writerow([name, *cells, sheet["totals"][s], places[s] if sheet["final"] else ""])
    return out.getvalue()


def roles_by_round(events: list[list[dict[str, Any]]]) -> list[list[str | None]]:
    """Each finished round's roles, from RoundEnded (app custody) and RoleRevealed (card custody)."""
    rounds: list[list[str | None]] = []
    for group in events:
        for e in group:
            if e["type"] == "RoundEnded":
                rounds.append(list(e["roles"]))
            elif e["type"] == "RoleRevealed" and rounds:
                rounds[-1][e["seat"]] = e["role"]
    return rounds


Game = tuple[GameState, dict[int, dict[int, int]], list[list[dict[str, Any]]]]


def player_stats(games: list[Game]) -> list[dict[str, Any]]:
    """Per player name over finished games: games, wins, rounds won as saboteur / gold-digger."""
    stats: dict[str, dict[str, Any]] = {}
    for state, corrections, events in games:
        if state.phase != "game_over":
            continue
        sheet = score_sheet(state, corrections)
        winners = {r["seat"] for r in sheet["ranking"] if r["place"] == 1}
        roles = roles_by_round(events)
        for s, name in enumerate(state.players):
            row = stats.setdefault(name, {"name": name, "games": 0, "wins": 0, "nuggets": 0,
                                          "won_as_saboteur": 0, "won_as_digger": 0})
            row["games"] += 1
            row["wins"] += s in winners
            row["nuggets"] += sheet["totals"][s]
            for winner, rr in zip(state.round_winners, roles):
                if winner == "saboteurs" and rr[s] == "saboteur":
                    row["won_as_saboteur"] += 1
                elif winner == "gold_diggers" and rr[s] == "gold_digger":
                    row["won_as_digger"] += 1
    return sorted(stats.values(), key=lambda r: (-r["wins"], -r["nuggets"], r["name"]))
