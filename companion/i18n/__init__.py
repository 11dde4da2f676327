"""Six languages for every screen, message and rule text: English, French, Portuguese, Dutch,
Spanish and Vietnamese.

    from companion.i18n import translator, resolve_language
    tr = translator(resolve_language("pt-BR"))        # -> Portuguese
    tr.t("Round {round} - {name}'s turn", round=2, name="Ana")
    tr.n("{count} card", "{count} cards", 5)            # the language's own plural rule
    tr.text("rules")                                    # the rules reference (markdown)

Catalogues: `locale/<lang>/LC_MESSAGES/messages.po` (gettext, read with Babel at run time).
Long texts: `texts/<lang>/{how_to_play,rules}.md`. Dynamic words (tools, roles, settings ...):
`names`. English sentences from the engine and the scanner: `adapters`.
"""
from .adapters import board_problem_text, error_text, refusal_text, scan_error_code, scan_error_text, scan_warning_text
from .catalog import LANGUAGES, SOURCE, Translator, placeholders, reload, translator
from .names import N_
from .resolve import language_of, resolve_language
from .texts import NAMES as TEXT_NAMES

__all__ = ["LANGUAGES", "SOURCE", "Translator", "translator", "resolve_language", "language_of",
           "refusal_text", "board_problem_text", "error_text", "scan_error_code", "scan_error_text", "scan_warning_text", "placeholders",
           "reload", "N_", "TEXT_NAMES", "join_names", "cell"]


def cell(col: int, row: int) -> str:
    """A board position as every screen writes it, in every language: (col,row)."""
    return f"({col},{row})"


def join_names(tr: Translator, names: list[str]) -> str:
    """"Ann, Bob and Cy" in the translator's language."""
    if len(names) < 2:
        return "".join(names)
    return tr.t("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
