"""What every battle scene does with its game's record: keep it in the records folder, finished
or abandoned, once per state (``save_record``), or at the player's word with a notice
(``save_record_now``), and when the scene closes mid-game."""

from __future__ import annotations

import time

from ...data.record import save_record
from ...data.storage import data_dir


class RecordKeeper:
    """A mixin for a scene with ``app``, ``game``, ``match``, ``letters``, ``keep_record``,
    ``record_path`` (None until first saved) and ``_saved_moves`` (-1 until first saved)."""

    def save_record(self) -> None:
        if not self.keep_record or self._saved_moves == len(self.game.history):
            return
        if self.record_path is None:
            stamp = time.strftime("%Y-%m-%d_%H%M%S")
            self.record_path = data_dir() / "records" / f"{stamp}-{self.game.mode}.txt"
        try:
            save_record(self.record_path, self.game, self.letters.key,
                        [s.name for s in self.match.seats])
            self._saved_moves = len(self.game.history)
        except OSError as exc:
            self.app.notify(self.tr("notice.record_not_saved", error=exc.strerror or str(exc)))

    def save_record_now(self) -> None:
        self._saved_moves = -1
        self.save_record()
        if self.record_path and self._saved_moves >= 0:
            self.app.notify(self.tr("notice.record_saved", path=str(self.record_path)))

    def exit(self) -> None:
        if not self.game.over:
            self.save_record()
