"""What a drop would do (`DropVerdict`), as the drag's preview shows it: a value of its own,
so the table's protocols can name it without importing the quiet drop (`dry_drop`)."""

from __future__ import annotations

from dataclasses import dataclass

from game.note import Note, SeatNaming
from game.why_not import Refusal


@dataclass(frozen=True)
class DropVerdict:
    """What a drop would do: `accepted` (a move the engine takes, or cards staged or held
    to be laid together), else refused, with the `refusal` it would show (its rule, message
    id and arguments, or the engine's error) or, for a drop that plays nothing without a
    refusal (not the player's move: a note of whose turn it is; the guided deal's coach),
    the `note` it would say (as data: in words when shown), and whether it says it as a warning
    (`warn`: in the refusal's colour, as the guided deal's coach refuses a move; a note of
    whose turn it is is a quiet one: the preview's look is the drop's)."""

    accepted: bool
    refusal: Refusal | None = None
    note: Note | None = None
    warn: bool = False

    def reason(self, names: SeatNaming) -> str | None:
        """What the refused drop would say (in the current language, the seats as `names`
        names them), None when accepted or silent."""
        if self.accepted:
            return None
        if self.refusal is not None:
            return self.refusal.headline()
        return self.note.text(names) if self.note is not None else None
