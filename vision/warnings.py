"""Warnings the engine cannot see: impossible or over-counted shapes, doubled cards, shaky reads."""
import numpy as np

try:  # the card catalogue lives in the engine (vision -> engine is the allowed direction)
    from engine.cards import shape_of
except ImportError:  # pragma: no cover - the engine is part of the same project
    shape_of = None

LOW_CONFIDENCE = 0.6


def _overlap(a: list, b: list) -> bool:
    ca, cb = np.mean(a, axis=0), np.mean(b, axis=0)
    size = np.linalg.norm(np.subtract(a[1], a[0]))
    return bool(np.linalg.norm(ca - cb) < 0.5 * size)


def board_warnings(cards: list[dict]) -> list[str]:
    """Human sentences; the scan still reports every card as seen."""
    out = []
    counts: dict[str, list] = {}
    for c in cards:
        where = f"({c['col']},{c['row']})"
        if c["confidence"] < LOW_CONFIDENCE:
            out.append(f"low confidence reading the card at {where}: check it")
        if c["kind"] != "path" or shape_of is None:
            continue
        shape = shape_of(c["openings"], c["dead_end"])
        if shape is None:
            out.append(f"the card at {where} ({c['openings']}{', dead end' if c['dead_end'] else ''}) "
                       "matches no card in the box: check it")
            continue
        counts.setdefault(shape.name, []).append(where)
        if len(counts[shape.name]) == shape.copies + 1:
            out.append(f"more '{shape.name}' cards than the box holds ({shape.copies}): "
                       f"seen at {', '.join(counts[shape.name])}")
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            if _overlap(a["corners"], b["corners"]):
                out.append(f"one card seems to be seen twice, at ({a['col']},{a['row']}) and ({b['col']},{b['row']})")
    return out
