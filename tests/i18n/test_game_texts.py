"""A whole game played through the session in Vietnamese, French and Dutch: every sentence the
app produces on the way (messages, private screens, round summaries, verdicts) is in that language."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.service import GameService
from companion.session import Session
from companion.storage import Store
from companion.views.round_summary import summary_lines
from tests.companion.driver import placements

# English words that cannot appear in a sentence of these languages (player names avoid them)
ENGLISH = re.compile(r"\b(the|card|cards|player|round|gold|tunnel|goal|broken|pass|passed|you|your|"
                     r"nuggets?|laid|refused|legal)\b", re.IGNORECASE)
NAMES = ["An", "Bình", "Chi", "Dũng"]


async def _turn(s: Session, rng: random.Random, texts: list[str]) -> None:
    """Dig toward the goals when the rules allow it (refusals are kept as texts too), else pass."""
    if not s.table["broken"][s.table["turn"]]:
        for col, row, openings, dead in placements(s.table, rng)[:6]:
            s.open_panel("scan")
            s.open_fix(col, row)
            await s.apply_fix(openings, dead)
            _collect(s, texts)
            s.confirm_path()
            if not s.error:
                return
            _collect(s, texts)
    s.open_panel("pass")
    s.pass_turn(bool(s.table["hands"][s.table["turn"]]))


def _collect(s: Session, texts: list[str]) -> None:
    texts += [s.info, s.error] + ([s.verdict["text"]] if s.verdict else [])


async def _step(s: Session, rng: random.Random, texts: list[str]) -> None:
    """One step the way the table plays it, keeping every sentence shown."""
    step = s.step
    if step == "reveal":
        for seat in sorted(set(range(len(NAMES))) - s.roles_seen()):
            s.open_role(seat)
            s.hold(True)
            texts.append(s.private_text())
            s.done_role()
    elif step == "deal":
        s.dealt()
    elif step == "peek":
        s.open_peek()
        texts.append(s.private_text())
        s.done_peek()
    elif step == "turn":
        await _turn(s, rng, texts)
    elif step == "draft":
        texts += summary_lines(s)
        s.open_pick()
        s.take_gold(max(s.private["offer"]))
        s.close_private()
    elif step == "round_end":
        texts += summary_lines(s)
        for seat in s.payouts():
            s.open_payout(seat)
            texts.append(s.private_text())
            s.close_private()
        s.next_round()
    _collect(s, texts)


@pytest.mark.parametrize("lang", ["vi", "fr", "nl"])
async def test_a_whole_game_speaks_the_chosen_language(tmp_path: Path, lang: str) -> None:
    s = Session(GameService(Store(tmp_path / "games.db")))
    s.choose_language(lang)
    s.new_game_form()
    s.add_player()
    for i, name in enumerate(NAMES):
        s.set_name(i, name)
    assert s.start_game(seed=11)
    rng, texts = random.Random(11), []
    for _ in range(3000):
        if s.step == "final":
            break
        await _step(s, rng, texts)
    assert s.step == "final"
    s.undo()
    _collect(s, texts)
    s.my_gold(0)
    texts.append(s.private_text())
    texts = [t for t in texts if t]
    assert len(set(texts)) > 20
    english = [t for t in texts if ENGLISH.search(t)]
    assert english == []
