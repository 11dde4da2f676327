"""The end of a round: who won, the counter-clockwise gold draft, payouts with real gold cards,
and the final ranking. RULES.md, "End of a round: the gold".
"""
from dataclasses import replace

from .events import GameEnded, GoldDrawn, GoldPaid, GoldTaken, RoundEnded
from .state import Draft, GameState

SABOTEUR_PAY = {1: 4, 2: 3, 3: 3, 4: 2}
ROUNDS = 3


def end_round(state: GameState, winner: str, finder: int | None, events: list) -> tuple:
    """Close the round; settle at once unless the table still has to show roles (custody cards)."""
    state = replace(state, winner=winner, finder=finder, pending_reveals=())
    events.append(RoundEnded(state.round, winner, finder, state.roles))
    if None in state.roles:
        return replace(state, phase="roles"), events
    return settle(state, events)


def settle(state: GameState, events: list) -> tuple:
    """Pay the round's winners: a draft or tournament pay for diggers, 4/3/3/2 for saboteurs."""
    if state.winner == "gold_diggers":
        diggers = eligible_diggers(state)
        if state.rules.tournament:
            pays = {seat: 3 if i == 0 else 2 for i, seat in enumerate(diggers)}
            return _finish(_pay(state, pays, events), events)
        return _start_draft(state, diggers, events)
    saboteurs = [s for s, role in enumerate(state.roles) if role == "saboteur"]
    if not saboteurs:
        return _finish(replace(state, winner="nobody"), events)
    amount = SABOTEUR_PAY[len(saboteurs)]
    return _finish(_pay(state, {s: amount for s in saboteurs}, events), events)


def eligible_diggers(state: GameState) -> list[int]:
    """Gold-diggers who share the gold, counter-clockwise from the one who chooses first.

    The finder chooses first; if a saboteur (or, with sabotaged_dwarf, a sabotaged digger) laid
    the card, the first eligible digger counter-clockwise from the finder does."""
    n = state.n
    start = state.finder if state.finder is not None else 0
    order = [(start - k) % n for k in range(n)]
    out = [s for s in order if state.roles[s] == "gold_digger"]
    if state.rules.sabotaged_dwarf:
        out = [s for s in out if not state.broken[s]]
    return out


def _start_draft(state: GameState, diggers: list[int], events: list) -> tuple:
    """Draw the round's gold cards and open the draft with the first eligible gold-digger."""
    if not diggers:
        return _finish(state, events)
    count = min(state.n, 9) if state.rules.reward_cards == "players_cap9" else len(diggers)
    drawn = state.gold_deck[:count]
    events.append(GoldDrawn(len(drawn), diggers[0]))
    draft = Draft(tuple(sorted(drawn, reverse=True)), tuple(diggers))
    state = replace(state, gold_deck=state.gold_deck[count:], draft=draft, phase="draft")
    return _auto_take(state, events)


def take(state: GameState, seat: int, value: int, events: list) -> tuple:
    """One draft pick, then the next picker (counter-clockwise, round and round)."""
    return _auto_take(_take_one(state, seat, value, events), events)


def _take_one(state: GameState, seat: int, value: int, events: list) -> GameState:
    """Give one card to a seat and move the pick on counter-clockwise."""
    draft = state.draft
    offer = list(draft.offer)
    offer.remove(value)
    state = _credit(state, seat, (value,))
    events.append(GoldTaken(seat, value))
    return replace(state, draft=replace(draft, offer=tuple(offer), index=draft.index + 1))


def _auto_take(state: GameState, events: list) -> tuple:
    """Hand out cards while there is no choice left (all the same value); finish when none left."""
    while state.draft.offer and len(set(state.draft.offer)) == 1:
        state = _take_one(state, state.draft.picker, state.draft.offer[0], events)
    if not state.draft.offer:
        return _finish(replace(state, draft=None), events)
    return state, events


def _credit(state: GameState, seat: int, values: tuple[int, ...]) -> GameState:
    """Add gold cards to a seat's secret holding and to this round's gains."""
    gold = state.gold[:seat] + (state.gold[seat] + values,) + state.gold[seat + 1:]
    gains = list(state.gains)
    gains[seat] += sum(values)
    return replace(state, gold=gold, gains=tuple(gains))


def change(deck: tuple[int, ...], amount: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Real gold cards worth `amount` from the deck (fewest cards; if no exact sum exists, the
    largest sum below it), and the deck without them. Never invents a card."""
    have = {v: deck.count(v) for v in (1, 2, 3)}
    best: tuple[int, int, tuple[int, ...]] | None = None
    for threes in range(min(have[3], amount // 3) + 1):
        for twos in range(min(have[2], (amount - 3 * threes) // 2) + 1):
            ones = min(have[1], amount - 3 * threes - 2 * twos)
            cards = (3,) * threes + (2,) * twos + (1,) * ones
            key = (sum(cards), -len(cards), cards)
            if best is None or key[:2] > best[:2]:
                best = key
    paid = best[2] if best else ()
    rest = list(deck)
    for value in paid:
        rest.remove(value)
    return paid, tuple(rest)


def _pay(state: GameState, pays: dict[int, int], events: list) -> GameState:
    """Pay each seat its amount in real cards from the remaining gold deck, in seat order given."""
    for seat, amount in pays.items():
        paid, deck = change(state.gold_deck, amount)
        state = _credit(replace(state, gold_deck=deck), seat, paid)
        events.append(GoldPaid(seat, paid))
    return state


def _finish(state: GameState, events: list) -> tuple:
    """Record the round's nuggets; after the third round the game ends."""
    state = replace(state, round_gold=state.round_gold + (state.gains,), draft=None,
                    round_winners=state.round_winners + (state.winner,))
    if state.round < ROUNDS:
        return replace(state, phase="round_over"), events
    totals_now = totals(state)
    best = max(totals_now)
    events.append(GameEnded(totals_now, tuple(s for s, t in enumerate(totals_now) if t == best)))
    return replace(state, phase="game_over"), events


def totals(state: GameState) -> tuple[int, ...]:
    """Nuggets per seat over all rounds."""
    return tuple(sum(cards) for cards in state.gold)


def ranking(state: GameState) -> list[dict]:
    """Seats by nuggets, most first; tied players share a place (and, at the top, the victory)."""
    t = totals(state)
    rows = [{"seat": s, "name": state.players[s], "nuggets": t[s],
             "place": 1 + sum(1 for other in t if other > t[s])} for s in range(state.n)]
    return sorted(rows, key=lambda r: (r["place"], r["seat"]))
