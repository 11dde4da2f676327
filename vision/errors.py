"""Typed scan failures: each carries a human reason and what to retake, never a traceback."""


class ScanError(Exception):
    """A photo that cannot be read as a board; `str(err)` is the message shown to the player."""

    reason = "the photo could not be read"
    retake = "take the photo again"

    def __init__(self, detail: str = "") -> None:
        self.detail = detail
        super().__init__(self.message)

    @property
    def message(self) -> str:
        text = self.reason + (f" ({self.detail})" if self.detail else "")
        return f"{text}: {self.retake}"


class UnreadableImage(ScanError):
    reason = "the file is not a readable image"
    retake = "send a JPEG or PNG photo of the table"


class TooBlurred(ScanError):
    reason = "the photo is too blurred to read the cards"
    retake = "hold the phone still, let it focus on the cards and take the photo again"


class NoMaze(ScanError):
    reason = "no card layout was found in the photo"
    retake = "take the photo from above so the start card, the goal cards and the maze are all in view"


class StartNotFound(ScanError):
    reason = "the start card (the cross with the ladder) was not found"
    retake = "make sure the start card is in the photo, not covered by a hand or in glare, and retake"


class GoalsNotFound(ScanError):
    reason = "the goal column (three goal cards in a line) was not found"
    retake = "make sure all three goal cards are in the photo and uncovered, and retake"
