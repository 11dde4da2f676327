"""Plain-text lines describing a finished round (a helper, not a component)."""
from __future__ import annotations

from ..i18n import join_names
from ..i18n.names import ROLE
from ..session import Session


def summary_lines(s: Session) -> list[str]:
    t, tr = s.table, s.tr
    info = s.round_summary()
    names = t["players"]
    lines = []
    if info["winner"] == "gold_diggers":
        finder = names[info["finder"]] if info["finder"] is not None else tr.t("someone")
        lines.append(tr.t("The gold-diggers win round {round}: {name} reached the gold.", round=t["round"],
                          name=finder))
    elif info["winner"] == "saboteurs":
        lines.append(tr.t("The saboteurs win round {round}: nobody reached the gold.", round=t["round"]))
    else:
        lines.append(tr.t("Round {round}: no saboteur and no gold - nobody scores.", round=t["round"]))
    roles = ", ".join(f"{n} ({tr.t(ROLE[r]) if r in ROLE else '?'})" for n, r in zip(names, info["roles"]))
    lines.append(tr.t("Roles: {roles}", roles=roles))
    if info["payout"]:
        who = join_names(tr, [names[i] for i in info["saboteurs"]])
        lines.append(tr.n("Each saboteur ({names}) takes gold cards worth {count} nugget.",
                          "Each saboteur ({names}) takes gold cards worth {count} nuggets.",
                          info["payout"], names=who))
    return lines
