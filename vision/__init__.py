"""Board scanner: one table photo in, the laid path cards out (see README, "Board scanner")."""
from .errors import GoalsNotFound, NoMaze, ScanError, StartNotFound, TooBlurred, UnreadableImage
from .scan import Scan, scan
from .settings import ScanSettings

__all__ = ["scan", "Scan", "ScanSettings", "ScanError", "UnreadableImage", "TooBlurred", "NoMaze",
           "StartNotFound", "GoalsNotFound"]
