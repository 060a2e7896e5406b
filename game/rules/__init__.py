"""The rules of Classic Canasta as a pure package: no pygame, no I/O, no global random.

Everything is in RULES.md (../shared/RULES.md); rule ids (R-...) appear in errors.
"""

from .cards import DECK, FACES, MELD_RANKS, Card, Rank, Suit, format_cards, parse_cards, sort_key
from .config import CLASSIC, RulesConfig
from .deals import ClassicDeal, FamilyDeal  # the kinds of deal GameState.empty builds (declared there)
from .errors import IllegalMove, NotationError, PositionError, RulesError
from .events import Event, public_view
from .game import Game
from .melds import Meld
from .moves import Group, Move, MoveKind
from .observation import Observation
from .phase import Phase
from .position import position_from_json, position_to_json
from .scoring import DealResult, SideScore
from .state import GameState
from .turn import Drawn, Turn
from .variants import VARIANT_IDS, VARIANTS, Variant

__all__ = [
    "DECK",
    "FACES",
    "MELD_RANKS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_cards",
    "sort_key",
    "CLASSIC",
    "RulesConfig",
    "VARIANTS",
    "VARIANT_IDS",
    "Variant",
    "IllegalMove",
    "NotationError",
    "PositionError",
    "RulesError",
    "Event",
    "public_view",
    "Meld",
    "Group",
    "Move",
    "MoveKind",
    "DealResult",
    "SideScore",
    "GameState",
    "ClassicDeal",
    "FamilyDeal",
    "Turn",
    "Drawn",
    "Phase",
    "Game",
    "Observation",
    "position_from_json",
    "position_to_json",
]
