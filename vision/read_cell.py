"""One cell of the walk read: the card a few predicted outlines show, or none.

Kept apart from vision.board, which decides where to look (the walk, its passes and refits);
this decides what is there, and is also asked again for cells the walk passed over.
"""
import numpy as np

from . import cellnet, geometry
from .cells import BARE, SURE, Cell, Surface, card_p, confidence, mask_cover, overlaps, same_place, some_openings, trimmed
from .fit import push_sides
from .settings import CellSettings, GridSettings

__all__ = ["read_cell", "unsure_on_table"]


def read_cell(sf: Surface, hs: list[np.ndarray], pos: tuple[int, int], gs: GridSettings,
              cs: CellSettings, taken: list | None = None, skip_bare: bool = True) -> Cell | None:
    """The path card at pos, or None when the reader sees no face-up card there. Each homography
    (the neighbourhood's, and one from a single card beside pos) predicts an outline, which is
    also snapped to the card's edges; the reader reads them all and the likeliest card is kept,
    snapped outlines first. The reader was trained on outlines a little off (gaps, cards out of
    line) and refuses outlines half a card off, so a wrong prediction is simply not chosen; an
    outline over a card already found beside (`taken`) is not looked at."""
    quads: list[np.ndarray] = []
    for h in hs:
        predicted = geometry.quad_of(h, *pos)
        if any(same_place(predicted, q) for q in quads[1::2]):
            continue   # another homography already predicted this outline: same reading
        if skip_bare and sf.mask_trusted and mask_cover(sf, predicted) < BARE * gs.min_mask:
            continue   # bare table: no need to look closer
        quads += [trimmed(sf, push_sides(sf.grads, predicted, -gs.search, gs.search, 15)), predicted]
    quads = [q for i, q in enumerate(quads) if not overlaps(quads[i - i % 2], taken or [])]
    if not quads:
        return None
    guesses = cellnet.read(sf.fine, quads)
    i = max(range(len(quads)), key=lambda j: card_p(guesses[j]) + (0.1 if j % 2 == 0 else 0.0))
    g = guesses[i]
    if card_p(g) < cs.min_card:
        return None
    conf = confidence(g)
    if unsure_on_table(sf, quads[i], conf, gs):
        return None
    return Cell(pos[0], pos[1], "path", some_openings(g), g.dead_end, None, conf, quads[i], g.p("start"),
                tuple(float(p) for p in g.opens))


def unsure_on_table(sf: Surface, quad: np.ndarray, conf: float, gs: GridSettings) -> bool:
    """A reading unsure in any of its calls on an outline a trusted mask calls mostly table: tiles,
    a card-sized pattern, or under a steep view a window across the gap between cards, which the
    reader can take surely for a card while unsure of its openings (main #0096: 0.746, cover 0.11;
    on five bench sets no card read right and below SURE had a cover under 0.65 there)."""
    return sf.mask_trusted and conf < SURE and mask_cover(sf, quad) < 0.5 * gs.min_mask
