"""A quick match's or two players' battle in progress (issue 33), kept as the campaign keeps
its own (``campaign/KEY.battle.json``): rewritten whenever the battle waits for a person, so a
window closed mid-battle loses nothing, and offered at the next start. One battle is kept: a
new one takes its place. Finished, resigned or abandoned, it is gone.

The file holds the match (``Match.to_dict``: the rules, the seats, the series) and the game
(its ``to_dict``: the set-ups and every move, replayed on reading, so a kept state can never
be inconsistent). It is read back checked: a broken file is named in ``problems`` and kept
aside, never a crash.
"""

from __future__ import annotations

from pathlib import Path

from ..match import Match
from ..modes import restore_game
from .profiles import profile_key
from .storage import DataFileError, atomic_write_json, data_dir, keep_aside, read_json

NAME = "battle.json"
VERSION = 1
KINDS = ("computer", "two")     # a quick match against the computer, two on one screen


class BattleKeeper:
    """``save(match, game)`` the battle, ``load()`` it back (the match and the game, or None),
    ``clear()`` it. Problems writing are said in ``problems`` (the game goes on)."""

    def __init__(self, path: Path | str | None = None, kind: str = "computer",
                 profile: str | None = None):
        self.path = Path(path) if path else data_dir() / NAME
        self.kind = kind
        self.profile = profile          # the key of the profile the computer learns from
        self.problems: list[str] = []
        self.owns = False               # the kept battle is this keeper's (saved or resumed)

    def save(self, match: Match, game) -> None:
        try:
            atomic_write_json(self.path, {"version": VERSION, "kind": self.kind,
                                          "profile": self.profile, "match": match.to_dict(),
                                          "game": game.to_dict()})
            self.owns = True
        except OSError as exc:
            self.problems.append(f"{self.path}: {exc.strerror or exc}")

    def clear(self) -> None:
        """Forget the kept battle if it is this keeper's (a match given up before its first
        move leaves the battle kept before it alone)."""
        if not self.owns:
            return
        self.owns = False
        try:
            self.path.unlink()
        except OSError:        # none there, or a read-only folder: nothing more to do
            pass

    def load(self, profile_of=None):
        """(kind, profile key, match, game) of the kept battle, or None; ``profile_of(key)``
        gives the profile a learning computer reads. A broken file is kept aside and named."""
        if not self.path.exists():
            return None
        try:
            data = read_json(self.path)
            if not isinstance(data, dict) or data.get("version") != VERSION:
                raise ValueError(f"key 'version': expected {VERSION}")
            if data.get("kind") not in KINDS:
                raise ValueError(f"key 'kind': expected {' or '.join(KINDS)}")
            key = data.get("profile")
            if key is not None and not (isinstance(key, str) and key == profile_key(key)):
                raise ValueError("key 'profile': expected a profile's key")
            profile = profile_of(key) if key and profile_of else None
            try:
                match = Match.from_dict(data.get("match"), profile)
            except ValueError as exc:
                raise ValueError(f"key 'match': {exc}") from None
            try:
                game = restore_game(data.get("game"), match.mode, match.config)
            except ValueError as exc:
                raise ValueError(f"key 'game': {exc}") from None
        except (DataFileError, ValueError) as exc:
            problem = str(exc) if isinstance(exc, DataFileError) else f"{self.path}: {exc}"
            aside = keep_aside(self.path)
            if aside is None:
                self.owns = True          # it cannot be moved: deleted, not offered again
                self.clear()
            self.problems.append(f"{problem}" + (f" (kept as {aside.name})" if aside else ""))
            return None
        self.kind, self.profile, self.owns = data["kind"], key, True
        return data["kind"], key, match, game
