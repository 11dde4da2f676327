"""Settings of each pipeline step: small frozen dataclasses, each step gets only its own."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class LoadSettings:
    work_side: int = 1200     # long side of the coarse working image (detection)
    fine_side: int = 2100     # decode at least this long side for cell reading (ladder rungs, mouths)


@dataclass(frozen=True)
class BlurSettings:
    window: int = 15              # px at working scale: an edge's span is its grey range this wide round it
    least_span: float = 0.25      # edges spanning this share of the photo's contrast count
    percentile: float = 0.99      # of their gradient over span (a step: about 0.5 sharp, 1/window blurred)
    min_contrast: float = 24.0    # grey levels from the 0.1th to the 99.9th percentile: under it no gate
    min_sharpness: float = 0.21   # below: too blurred (1,900 bench photos: boards 0.227 and up, blurred 0.19 at most but one)


@dataclass(frozen=True)
class MaskSettings:
    bins: int = 24            # chromaticity histogram bins per axis
    tiles: int = 8            # tiles per image side for the spread test
    spread: float = 0.4       # a colour seen in this share of tiles is table, not card
    min_share: float = 0.002  # a colour "is in" a tile above this share of its pixels
    again: bool = True        # a refused photo is read again on other masks (vision.scan._other_masks)
    least: float = 0.05       # a photo refused on a mask with less card than this share of it is
    rim: float = 0.3          # read again with the table also in this share of the tiles round the rim
    everywhere: float = 0.7   # a colour in this share of all tiles is table wherever it is
    dark: int = 40            # grey level under which a pixel of a table colour may be the table in shadow
    dark_offset: float = 1.0  # noise offset of the chromaticity those pixels are compared by
    shadow_width: int = 15    # px at working scale: narrower dark patches are not the table in shadow
    shades: int = 16          # lightness levels of the colour-and-lightness mask (light_mask)
    shade_reach: int = 1      # a tile holds a colour at a shade when it holds it this many shades off
    shade_share: float = 0.02 # ... over this share of its pixels (a pattern's edge blends hold every shade)


@dataclass(frozen=True)
class GoalSettings:
    min_area: float = 120.0   # px^2 at working size
    max_area_ratio: float = 3.0
    max_area_ratio_steep: float = 5.0   # where a steep view's perspective puts the middle goal
    max_colour_dist: float = 30.0
    max_bend: float = 0.18    # middle goal off the line, as a share of the column length
    pitch_range: tuple[float, float] = (0.7, 1.9)  # row pitch / card long side
    max_candidates: int = 40


@dataclass(frozen=True)
class StartSettings:
    col_range: tuple[float, float] = (5.0, 11.5)   # start distance from goals in col pitches
    lateral: float = 0.35                          # lateral search as share of that distance
    step: float = 0.25                             # lattice step, card widths
    min_cross: float = 0.45
    min_ladder: float = 0.1
    candidates: int = 8
    odd_chroma: float = 14.0   # a/b distance from every print colour and from grey
    min_evidence: float = 1.0
    min_evidence_placed: float = 0.6   # enough for a start exactly where the goal column puts it
    columns: int = 5           # goal-column hypotheses tried
    frames: int = 3            # board frames read when the first reads the maze badly
    few: int = 5               # a frame reading fewer path cards is compared with the next ones, however clear
    snapped: int = 3           # best candidates snapped to their outline and judged again
    explained: float = 0.6     # share of the maze's blob the found cards must cover, else other start sizes are tried
    least_read: float = 0.4    # below this share of the maze's blob read, the photo is refused (the frame is wrong)


@dataclass(frozen=True)
class GridSettings:
    search: float = 0.18      # how far a side may move onto its outline, share of the card side
    max_cells: int = 50        # the box holds 44 path cards
    min_mask: float = 0.4     # share of a cell's middle the card-versus-table mask must call card


@dataclass(frozen=True)
class CellSettings:
    min_card: float = 0.5          # the card reader's probability of a face-up path card to report one
    low_confidence: float = 0.6    # readings below this are flagged (and count against a frame)
    plain: float = 0.35            # an unsure card whose middle varies less than this share of the clear cards' is table
    table_look: float = 0.40       # a card with more of its pixels coloured like the table, not the core, is table
                                   # (true cards of the benchmark reach 0.26, once 0.39; a lattice cloth's crossing 0.42)


@dataclass(frozen=True)
class ScanSettings:
    load: LoadSettings = field(default_factory=LoadSettings)
    blur: BlurSettings = field(default_factory=BlurSettings)
    mask: MaskSettings = field(default_factory=MaskSettings)
    goals: GoalSettings = field(default_factory=GoalSettings)
    start: StartSettings = field(default_factory=StartSettings)
    grid: GridSettings = field(default_factory=GridSettings)
    cell: CellSettings = field(default_factory=CellSettings)
