"""What one seat, or the public table, may see. Secrets leave the state only through here."""
from .board import Board
from .cards import GOALS
from .gold import ranking, totals
from .state import GameState

ENDED = ("roles", "draft", "round_over", "game_over")


def board_cards(board: Board) -> list[dict]:
    """The board in the scanner's card format (face-down goals show no openings)."""
    out = []
    for (col, row), cell in sorted(board.cells.items()):
        card = {"col": col, "row": row, "kind": cell.kind, "openings": cell.openings,
                "dead_end": cell.dead_end}
        if cell.kind == "goal":
            card["face"] = cell.face
        out.append(card)
    return out


def view_for(state: GameState, seat: int | None = None) -> dict:
    """JSON-able view. seat None: the public table; seat N: the table plus N's own secrets."""
    view = _public(state)
    if seat is None:
        return view
    if not isinstance(seat, int) or not 0 <= seat < state.n:
        raise ValueError(f"seat {seat!r} is not at this table")
    view["seat"] = seat
    view["role"] = state.roles[seat] if state.roles else None
    view["peeks"] = [{"col": c, "row": r, "face": f} for c, r, f in state.peeks[seat]]
    view["gold"] = list(state.gold[seat])
    view["nuggets"] = sum(state.gold[seat])
    if state.hand_cards is not None and state.phase == "play":
        view["hand"] = list(state.hand_cards[seat])
    if state.draft is not None:
        view["draft"]["your_pick"] = state.draft.picker == seat
        if state.draft.picker == seat:
            view["draft"]["offer"] = list(state.draft.offer)
            view["choices"] = sorted(set(state.draft.offer), reverse=True)
    if state.phase in ENDED and state.gains:
        view["my_gain"] = state.gains[seat]  # this round's nuggets, private until the game ends
    return view


def _public(state: GameState) -> dict:
    """What everyone at the table may know: no roles before the round ends, no gold before the end."""
    view: dict = {
        "players": list(state.players), "rules": state.rules.to_dict(), "mode": state.mode,
        "round": state.round, "phase": state.phase, "turn": state.turn if state.phase == "play" else None,
        "board": board_cards(state.board),
        "connected": [list(p) for p in sorted(state.board.reachable)],
        "hands": list(state.hands), "draw_pile": state.draw_pile, "discards": state.discards,
        "broken": [list(b) for b in state.broken], "last_player": state.last_player,
        "pending_reveals": [list(pos) for pos, _ in state.pending_reveals],
        "winner": state.winner, "finder": state.finder, "rounds_won": list(state.round_winners),
        "roles": list(state.roles) if state.phase in ENDED else None,
        "draft": None, "round_gold": None, "totals": None, "ranking": None,
    }
    view["hand_counts"] = view["hands"]  # the name the app asked for
    view["goals"] = [{"col": c, "row": r, "face": state.board.cells[(c, r)].face,
                      "openings": state.board.cells[(c, r)].openings} for c, r in GOALS]
    view["last_round"] = None
    if state.phase in ENDED:  # roles are shown at the round's end; gold stays secret
        view["last_round"] = {"round": state.round, "winner": state.winner,
                              "finder": state.finder, "roles": list(state.roles)}
    if state.draft is not None:
        view["draft"] = {"picker": state.draft.picker, "cards_left": len(state.draft.offer)}
    view["final"] = None
    if state.phase == "game_over":
        view["round_gold"] = [list(r) for r in state.round_gold]
        view["totals"] = list(totals(state))
        view["ranking"] = ranking(state)
        best = max(view["totals"])
        view["final"] = {"totals": view["totals"], "ranking": view["ranking"],
                         "winners": [s for s, t in enumerate(view["totals"]) if t == best]}
    return view
