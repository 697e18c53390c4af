"""Why a rule refused something.

A refusal carries a stable ``code`` and the ``params`` it concerns (cells as ``(x, y)``
tuples, ship sizes, ...). The rules never build sentences for players: the translation layer
(``game.i18n.describe``) turns a code and its params into words in the chosen language and
letter set. ``str(error)`` stays readable for logs and command-line tools.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An action, placement, coordinate or configuration the rules refuse."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{code}({detail})" if detail else code)


class CoordError(RuleError):
    """A coordinate that cannot be read or lies off the board (RULES.md §0)."""


class PlacementError(RuleError):
    """A fleet that breaks the placement rules (RULES.md §C, C1–C3)."""


class IllegalAction(RuleError):
    """A move the rules refuse; the state is left exactly as it was."""


class ConfigError(RuleError):
    """A variant configuration that the rules cannot play."""
