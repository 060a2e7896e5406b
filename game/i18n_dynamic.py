"""Strings that other modules pass to `_()` through variables, marked here so
the extractor puts them in the catalogs (until those modules mark them with N_
themselves). Nothing imports this module at run time."""
from game.i18n import N_

SCORE_SHEET = (
    # game/scenes/score_sheet.py ROWS and REASONS
    N_("Melds"), N_("Cards in hand"), N_("Canastas"), N_("Red threes"), N_("Going out"),
    N_("{name} went out"), N_("The stock ran out"), N_("The last card was a red three"),
)
