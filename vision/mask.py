"""Card-versus-table mask from colour spread: the table's colours are everywhere, cards' are not.

Chromaticity only (r, g of normalised RGB), so soft shadows, which darken the table without
changing its colour, stay table (deep ones by `_table_in_shadow`). No colour is hard-coded: the
table is learned per photo.
"""
import cv2
import numpy as np

from .settings import MaskSettings


def chroma_index(img: np.ndarray, bins: int) -> np.ndarray:
    """Per-pixel bin of normalised (r, g) chromaticity, 8 grey levels added to every channel first
    (see _bins)."""
    return _bins(_soft(img), bins, 8.0)


def chroma_bins(img: np.ndarray, bins: int) -> np.ndarray:
    """Per-pixel bin of normalised (r, g) chromaticity of the image as it is (not smoothed), 8
    grey levels added to every channel first (see _bins): vision.plain compares a card's colours
    with the table's by these, since a shadow darkens a colour without moving its bin."""
    return _bins(np.asarray(img, np.float32), bins, 8.0)


def _soft(img: np.ndarray) -> np.ndarray:
    """The image smoothed (5 x 5 Gaussian) as float32: what the chromaticity bins are taken of."""
    return cv2.GaussianBlur(img, (5, 5), 0).astype(np.float32)


def _bins(soft: np.ndarray, bins: int, offset: float) -> np.ndarray:
    """Chromaticity bins of a smoothed image (_soft). `offset` is added to every channel first: it
    keeps the noise of near-black pixels from scattering them over the bins. On the colour planes
    split apart: numpy's arithmetic on a plane strided through the image, and its sum over the
    three, took twice as long."""
    b, g, r = cv2.split(soft + np.float32(offset))
    total = cv2.add(cv2.add(b, g), r)
    r = np.clip((r / total * bins * 1.5).astype(np.int32), 0, bins - 1)
    g = np.clip((g / total * bins * 1.5).astype(np.int32), 0, bins - 1)
    return r * bins + g


def _tiles(idx: np.ndarray, t: int):
    """The image cut in t x t tiles: (on the rim, tile) for each."""
    h, w = idx.shape
    for i in range(t):
        for j in range(t):
            yield i in (0, t - 1) or j in (0, t - 1), idx[i * h // t:(i + 1) * h // t, j * w // t:(j + 1) * w // t]


def tile_spread(idx: np.ndarray, n_bins: int, tiles: int, min_share: float) -> tuple[np.ndarray, np.ndarray]:
    """Per colour bin: the share of all tiles it is seen in, and of the tiles round the rim."""
    t = tiles
    spread = np.zeros(n_bins)
    rim = np.zeros(n_bins)
    for on_rim, tile in _tiles(idx, t):
        seen = np.bincount(tile.ravel(), minlength=n_bins) > min_share * tile.size
        spread += seen
        if on_rim:
            rim += seen
    return spread / (t * t), rim / (4 * (t - 1))


def card_mask(img: np.ndarray, settings: MaskSettings, rim: bool = False) -> np.ndarray:
    """uint8 mask (255 = card print) with specks removed and holes inside cards filled.
    The table is the colours seen in a large share of image tiles (cards cover only a few). With
    `rim`, a colour must also run round the photo's rim to be table (or be seen nearly everywhere):
    a maze filling half the photo spreads its colours over as many tiles as the table, but seldom
    runs round the rim. Asked for only when the plain mask saw almost no card (see `thin`)."""
    n, soft = settings.bins, _soft(img)
    idx = _bins(soft, n, 8.0)
    spread, rim_share = tile_spread(idx, n * n, settings.tiles, settings.min_share)
    table = spread >= settings.spread
    if rim:
        table &= (rim_share >= settings.rim) | (spread >= settings.everywhere)
    is_table = table[idx]
    return _cleaned(np.where(is_table | _table_in_shadow(img, soft, is_table, settings), 0, 255).astype(np.uint8))


def light_mask(img: np.ndarray, settings: MaskSettings) -> np.ndarray:
    """card_mask by colour and lightness together: a table colour is table only at the lightness
    it is seen at in many tiles. For cards whose print has the table's colour (grey stone on a
    grey or white table; white tunnels on a cloth ruled in white; pale green cards on a dark green
    felt), which the chromaticity mask calls table. A tile holds a colour at a lightness when it
    holds it within `shade_reach` shades of it, so the table's light falling off across the
    photo stays table; deep shadows do not (a hand's shadow turns card), which is why this mask
    is asked for only when the chromaticity one sees almost no card (see vision.scan.run)."""
    n, shades, soft = settings.bins, settings.shades, _soft(img)
    idx = _bins(soft, n, 8.0)
    grey = cv2.cvtColor(soft, cv2.COLOR_BGR2GRAY)
    light = np.clip((grey * (shades / 256.0)).astype(np.int32), 0, shades - 1)
    spread = _shade_spread(idx * shades + light, n * n, settings)
    return _cleaned(np.where(spread[idx, light] >= settings.spread, 0, 255).astype(np.uint8))


def _shade_spread(idx: np.ndarray, n_colours: int, settings: MaskSettings) -> np.ndarray:
    """Per colour and shade (n_colours x shades): the share of tiles holding that colour within
    `shade_reach` shades of it (a window sum along the shade axis of each tile's histogram)."""
    t, shades, reach = settings.tiles, settings.shades, settings.shade_reach
    spread = np.zeros((n_colours, shades))
    for _, tile in _tiles(idx, t):
        counts = np.bincount(tile.ravel(), minlength=n_colours * shades).reshape(n_colours, shades)
        run = np.cumsum(np.pad(counts, ((0, 0), (reach + 1, reach))), axis=1)
        spread += (run[:, 2 * reach + 1:] - run[:, :-2 * reach - 1]) > settings.shade_share * tile.size
    return spread / (t * t)


def _table_in_shadow(img: np.ndarray, soft: np.ndarray, is_table: np.ndarray, settings: MaskSettings) -> np.ndarray:
    """Dark pixels whose chromaticity, taken with only a small offset, is a table colour's so
    taken: the table under a deep shadow. The noise offset pulls a dark pixel toward grey, so a
    cloth darkened to a third (a hand's shadow in dim light) falls in bins the lit cloth never
    fills, and the shadow read as a card blob round the maze. Table bins by the small offset are
    those a fair share of the lit table's pixels fall in (min_share, as for a colour in a tile).
    Only where such pixels fill half the square round them, `shadow_width` wide: the dark
    mottling of a card's stone and the gaps between cards can have a dark cloth's colour too
    (main #0164: a fifth of its cards' stone went to the table without this)."""
    dark = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) < settings.dark
    if not dark.any():
        return dark
    n = settings.bins
    raw = _bins(soft, n, settings.dark_offset)   # `soft`: the image as card_mask smoothed it
    lit = raw[::4, ::4][is_table[::4, ::4] & ~dark[::4, ::4]]        # a sample of the lit table
    if lit.size * settings.min_share < 1:
        return np.zeros_like(dark)   # too little lit table (a dark cloth) to tell its colours by
    shade = np.bincount(lit.ravel(), minlength=n * n) >= settings.min_share * lit.size
    shadow = dark & ~is_table & shade[raw]
    w = settings.shadow_width
    share = cv2.boxFilter(shadow.astype(np.float32), -1, (w, w))
    return shadow & (share >= 0.5)


def thin(mask: np.ndarray, settings: MaskSettings) -> bool:
    """Whether the mask holds less card than any photo of a maze shows (`least` of the photo)."""
    return np.count_nonzero(mask) < settings.least * mask.size


def _cleaned(mask: np.ndarray) -> np.ndarray:
    """Specks opened away, gaps closed, holes filled."""
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7)))
    return fill_holes(mask)


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """Fill enclosed holes (tunnels coloured like the table, glare spots)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(mask)
    cv2.drawContours(out, contours, -1, 255, thickness=cv2.FILLED)
    return out
