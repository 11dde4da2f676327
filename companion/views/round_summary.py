"""Plain-text lines describing a finished round (a helper, not a component)."""
from __future__ import annotations

from ..session import Session

ROLE = {"gold_digger": "gold-digger", "saboteur": "saboteur", None: "?"}


def summary_lines(s: Session) -> list[str]:
    t = s.table
    info = s.round_summary()
    names = t["players"]
    lines = []
    if info["winner"] == "gold_diggers":
        finder = names[info["finder"]] if info["finder"] is not None else "someone"
        lines.append(f"The gold-diggers win round {t['round']}: {finder} reached the gold.")
    elif info["winner"] == "saboteurs":
        lines.append(f"The saboteurs win round {t['round']}: nobody reached the gold.")
    else:
        lines.append(f"Round {t['round']}: no saboteur and no gold - nobody scores.")
    lines.append("Roles: " + ", ".join(f"{n} ({ROLE[r]})" for n, r in zip(names, info["roles"])))
    if info["payout"]:
        who = ", ".join(names[i] for i in info["saboteurs"])
        lines.append(f"Each saboteur ({who}) takes gold cards worth {info['payout']} nuggets.")
    return lines
