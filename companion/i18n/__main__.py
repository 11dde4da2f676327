"""`python -m companion.i18n extract|update|check`: keep the six catalogues in step with the code.

- extract: write the template `var/i18n/messages.pot` from every t()/n()/N_()/N_n() call in companion/
  (like `pybabel extract -F companion/i18n/babel.cfg -k t -k n:1,2 -k N_ -k N_n:1,2`, read from the
  syntax tree so a local variable called `t` cannot confuse it).
- update: add new message ids to every `.po` (English gets its source text, other languages an
  empty translation to fill in) and mark ids no longer in the code as obsolete; keeps translations.
- check: list missing, empty or placeholder-mismatched translations; exit 1 if any.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .tools import check, extract, update


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.i18n", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["extract", "update", "check"])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                    help="the project folder (default: this checkout)")
    args = ap.parse_args(argv)
    if args.command == "extract":
        path, count = extract(args.root)
        print(f"{count} message ids -> {path}")
        return 0
    if args.command == "update":
        for lang, added, obsolete in update(args.root):
            print(f"{lang}: {added} added, {obsolete} marked obsolete")
        return 0
    problems = check()
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
