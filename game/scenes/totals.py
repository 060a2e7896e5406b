"""The game's totals in one short phrase, as the title's Continue line and the Recent deals
list show them: the player's side first, then the best of the others."""

from __future__ import annotations

from game.i18n import _, format_points
from game.rules.variants import variant_named


def totals_text(variant: str, ours: int, theirs: int, side: str = "") -> str:
    """ "1,240 to 980" for a game of two sides; with three sides or more, `theirs` is the best
    of the others and says so ("You 1,000 · best other 1,295"): "1,000 to 1,295"
    read as a game of two, the third total gone and nothing saying whose 1,295 was (three-hand,
    play-test, stop 61). `side` names whose total comes first in pass-and-play ("Anna")."""
    ours_text, theirs_text = format_points(ours), format_points(theirs)
    rules = variant_named(variant)
    if rules is not None and len(rules.sides) > 2:
        if side:
            return _("{side} {ours} · best other {theirs}").format(side=side, ours=ours_text, theirs=theirs_text)
        if rules.partnerships:
            return _("Your side {ours} · best other side {theirs}").format(ours=ours_text, theirs=theirs_text)
        return _("You {ours} · best other {theirs}").format(ours=ours_text, theirs=theirs_text)
    score = _("{ours} to {theirs}").format(ours=ours_text, theirs=theirs_text)
    if side:  # pass-and-play: whose side the first total is ("Anna: -555 to 1,105")
        score = _("{side}: {score}").format(side=side, score=score)
    return score
