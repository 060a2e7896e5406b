"""Normal: a rule-based player whose every judgement is a weighted score.

All weights live in `NormalWeights` (tuned by self-play: tools/tune_normal.py); a variant
measured to play better with some of its own has them in `VARIANT_WEIGHTS`.
Each call decides one move from the Observation alone:
- draw phase: score every way to take the pile against drawing;
- meld phase: go out when it pays (asking the partner when the partner holds cards),
  else lay the best-scoring meld while one scores above zero, else discard the card
  with the lowest keep-value + danger (what the next opponent could do with it);
- answer phase: say no while holding many points that could still be melded.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import TypeVar

from game.rules import Card, IllegalMove, Move, MoveKind, Observation, Phase, Rank, RulesConfig
from game.rules.cards import RANK_VALUE
from game.rules.family import Destination, destination, takes_alone
from game.rules.melds import CANASTA_SIZE, NATURAL_CANASTA, SEQUENCE_CANASTA, Meld, MeldKind
from game.rules.movegen import Plan

from . import reasons as why
from .base import Bot, register
from .knowledge import Knowledge
from .reasons import BotReason
from .variant_facts import VariantTable, variant_changes

Chosen = TypeVar("Chosen")

# One meld a move lays or adds to: (the meld before, None for a new one; the meld after;
# the cards it receives).
Placement = tuple[Meld | None, Meld, tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class NormalWeights:
    # -- taking the pile (compared with drawing, which scores 0)
    take_base: float = 50.0  # issue #11: taking whenever it scores near drawing won (arena, README)
    take_per_draw: float = 58.0  # per extra card a stock draw brings (draw-two: the take base stays -8, as in v1)
    take_per_rival: float = 8.0  # per opposing side beyond one: a pile left is contested
    take_card: float = 6.0  # per useful natural brought in (two-hand and three-hand: 12, stop 50)
    take_junk: float = 1.0  # per natural of a rank we cannot use yet
    take_wild: float = 25.0  # per wild card in the pile
    take_red3: float = 60.0
    take_black3: float = -4.0
    # Stop 57 (Bolivia counted): a pile's black threes this player could not discard before the
    # stock runs out (one a turn, with those already held; `black_threes_stuck`) cost this times
    # what a black three left in hand costs at the deal's end (V-BOL-BLACK3's 100 in Bolivia, its
    # 5 elsewhere); 0: not weighed, as before. At 1 in Bolivia the black threes caught halved,
    # and it won 48.8% of 2,000 games against 0: not kept, an experiment (README, stop 57).
    take_black3_stuck: float = 0.0
    take_open: float = 60.0  # the take is our side's initial meld
    take_hand_wild: float = 20.0  # per wild card from the hand the take uses
    take_late_card: float = 5.0  # per card brought in, times the urgency
    # Stop 41 (a review of Normal's Samba games): the top card's meld can be made a canasta
    # this turn with the pile's and the hand's cards of its rank (0: not weighed).
    take_canasta: float = 0.0
    # Stop 47: the same for a take whose top card extends one of our sequences to seven (a
    # samba / escalera, 1500: this many times take_canasta); 0: only groups, as before.
    # (Bolivia's Normal drew instead of taking D10 onto its D4..D9 with no escalera yet.)
    take_canasta_runs: float = 3.0
    # A small pile (`take_small_size` cards or fewer) can be worth less than the stock's card:
    # in 126 of 1,600 real-deal decisions of classic Normal took a pile of two, and drawing was
    # better by 63 points (in 81% of them). Used where it measured better (VARIANT_WEIGHTS).
    take_small: float = 0.0
    take_small_size: float = 4.0
    # -- melding
    meld_card: float = 3.0  # per card laid
    meld_point: float = 0.15  # per point laid
    meld_urgency: float = 2.0  # how much urgency multiplies the two above
    threat_scale: float = 0.5  # how much an opponent able to go out counts in the urgency
    # Hand and Foot's threat (stops 52-53): an opponent whose foot is still down counts its hand
    # and its foot in `threat` (`threat_foot` 1: an empty hand only picks up the foot and plays
    # on, V-HF-FOOT), and its side needs the quota of two clean and two dirty books to go out
    # (`threat_books` 1, V-HF-OUT). 0 and 0: its hand alone and one book (`canastas_to_go_out`),
    # the false threats Hand and Foot's Normal played with until stop 53, where they stood in
    # for its eagerness to meld (`meld_eager`). Both only matter in Hand and Foot.
    threat_foot: float = 1.0
    threat_books: float = 1.0
    # Stop 53: Hand and Foot's eagerness to meld, a measure of its own (`eagerness`): its melds
    # are weighed at least at this times the share of the stock gone (the stock and the feet as
    # dealt, `late_feet`): the costs of new melds, wild cards and bare pairs fade, `group_score`.
    # 0: at the deal's urgency alone. With the true threat, 1 against the false one (today's
    # Normal before stop 53): 51.5%, 49.2%, 52.1% of 2,000 games; 0: 45.2% (README, stop 53).
    meld_eager: float = 0.0
    # 1: the urgency and going out weigh the stock left as a share of the stock and the feet as
    # dealt (Hand and Foot's own in VARIANT_WEIGHTS); 0: of the stock.
    late_feet: float = 0.0
    canasta_natural: float = 150.0
    canasta_mixed: float = 90.0
    wild_use: float = 45.0  # per wild laid without completing a canasta
    wild_use_canasta: float = 4.0  # per wild laid to complete a canasta
    # Stop 48 (a partner's review of classic): the wild cards a completing group lays beyond
    # those the canasta needs (a joker and a two on six clean queens) cost this share of
    # `wild_use` each, as any wild laid without completing does (1); 0: they count as
    # completing it, as before (classic's own in VARIANT_WEIGHTS).
    wild_surplus: float = 0.0
    mix_natural: float = 8.0  # per natural of a wild-free meld a wild would spoil
    # Stop 52 (Bolivia watched): a wild card laid on a group while our side's wild meld is under
    # seven costs this much more (0: not, as before). Bolivia's Normal finished mixed canastas
    # (300) with the wild cards its wild meld needed for a bolivia (2500).
    wild_meld_first: float = 0.0
    new_pair_cost: float = 14.0  # starting a meld from a bare pair (a key to the pile)
    new_meld_cost: float = 3.0  # starting a meld from three or more naturals
    frozen_pair_factor: float = 1.5
    pair_pile: float = 1.0  # per pile card, when a pair is the only key to it
    reserve_cards: float = 5.0  # without the canastas to go out, keep this many cards
    reserve_cost: float = 12.0  # per card below the reserve
    reserve_cost_out: float = 2.0  # the same once our side may go out
    open_bonus: float = 70.0
    # -- the Samba family (sequences, wild melds, books, feet)
    run_card: float = 6.0  # per card laid on a sequence or wild meld: each brings its 1500/2500 closer
    wild_meld_factor: float = 0.3  # the wild-card cost when the wild cards build a wild meld
    # Stop 50: a card fits our melds when it joins a group of its rank or extends one of our
    # sequences not yet a canasta (`Knowledge.fits_meld`; 1); 0: by rank alone, as before, where a
    # sequence counted under its lowest rank (any 5 fitted 5S..JS, and 4S or QS did not).
    run_fit: float = 1.0
    # Stop 52 (Bolivia watched): a natural that extends one of our sequences not yet a canasta
    # keeps this much more, times the sequence's size after it over seven (0: it counts as
    # any card that fits our melds, `keep_meld_match`, the cheapest to discard, as before).
    # (Bolivia's Normal threw S5 beside its S6..S10 with S4 in hand; the reserve penalty
    # made laying it score below zero.)
    keep_run: float = 0.0
    foot_pickup: float = 60.0  # emptying the hand picks up the foot: eleven fresh cards
    book_clean_need: float = 60.0  # a clean book while the side still needs clean ones (V-HF-OUT)
    # A wild card that makes a dirty book, or spoils a clean meld, while the side still needs
    # clean books and has its dirty ones (V-HF-OUT): it cannot help the side go out
    # (0: not weighed; Hand and Foot's own in VARIANT_WEIGHTS).
    book_dirty_surplus: float = 0.0
    # -- discarding (lower keep + danger is discarded)
    keep_wild: float = 110.0
    # Stop 55 (five-hand watched): a wild card's keep falls by this times the least danger of
    # the hand's naturals (0: not, as before). Thrown, it freezes the pile and blocks the next
    # player's take; a hand whose every natural offers the next player the pile may throw it
    # (five-hand's Normal kept its joker and offered the next player a pile of ten or more).
    # Five-hand's and six-hand-2x3's (1) in VARIANT_WEIGHTS.
    wild_freeze: float = 0.0
    keep_black3: float = 3.0
    black3_block: float = 1.2  # per pile card: a black three blocks the next player
    # Stop 57 (Bolivia counted): a black three's keep falls with the deal's urgency as any
    # card's does (`value_late`), at what it costs left in hand at the deal's end (V-BOL-BLACK3's
    # 100 in Bolivia, its 5 elsewhere), times this; 0: not, as before. (Bolivia's Normal threw
    # HA and kept C3 with 12 cards in the stock; a black three thrown also blocks the pile.)
    # At 1 in Bolivia: 50.2% of 2,000 games against 0: not kept, an experiment (README, stop 57).
    black3_late: float = 0.0
    keep_triple: float = 40.0
    keep_pair: float = 16.0
    keep_single: float = 4.0
    single_live: float = 1.0  # per unseen copy of a single's rank
    keep_meld_match: float = 2.0
    keep_value: float = 0.15  # per point of the card (high cards help the minimum)
    value_late: float = 0.5  # per point, times urgency: shed high cards late
    danger_base: float = 12.0
    danger_card: float = 9.0  # per pile card the next opponent could take
    danger_offered: float = 0.3  # times the danger of a rank the next opponent was offered and left
    danger_discarded: float = 0.6  # times the danger of a rank the next opponent discarded
    # -- partners dealt as in classic (`partners_classic_deal`): what taking the pile with our
    # discard would do for the next opponent's side
    # (against normal-v1, 6000 games on seeds 1000 / 40000: 60.8% / 59.5% against 57.1% / 56.2%)
    danger_canasta: float = 100.0  # it completes a canasta of theirs (300/500, and the right to go out)
    danger_near: float = 30.0  # it leaves their meld one card short of a canasta
    # Stop 47: the same two in Samba and Bolivia (1), for their groups and their sequences
    # (a samba / escalera counts 3 times danger_canasta); 0: not weighed there (as before).
    # (Samba's Normal threw H4 onto the opponents' H5..H10 with 25 cards in the pile.)
    danger_gift_family: float = 1.0
    # Stops 53-54 (two-hand and three-hand watched as an opponent sees them): the same two where
    # each plays alone, times this; 0: not weighed there (as before). Three-hand's own (its
    # Normal handed the next player a canasta while a card that gave nothing was in hand);
    # in two-hand it lost (48.6% of 4,000 games against 0; README).
    danger_gift_alone: float = 0.0
    # -- going out
    out_base: float = 30.0
    out_opp_card: float = 9.0
    out_partner_card: float = 14.0
    out_near4: float = 20.0  # our melds of 4 / 5-6 cards we would not finish
    out_near6: float = 60.0
    # Stop 41 (a review of Normal's games): the two above counted melds the going-out plan
    # itself completes, and melds nobody could fill any more with the stock nearly gone.
    out_near_plan: float = 1.0  # 1: our melds as the plan leaves them (0: as they lie now)
    out_near_fade: float = 1.0  # the two fade with the deal's lateness, (1 - stock left)^2
    # Stop 50 (two-hand watched): the two fade as much with an opponent about to go out
    # (`threat`, times this; 0: not, as before): a lone opponent with its canastas and two cards
    # ends the deal before those melds can be finished.
    out_near_threat: float = 0.0
    # Stop 52 (Samba watched, stop 51): going out this much more readily times the share of
    # the stock left (1 at the deal's start; 0: not, as before). Samba's Normal declined going
    # out early in the deal for its melds of 4-6 cards (`out_near4`, `out_near6`), where going
    # out played out better the more stock was left; 200 in Samba won 51.1% of 4,000 games
    # against 0 (z 1.4; README): not kept, an experiment (`--a-weights out_early=200`).
    out_early: float = 0.0
    out_opp_near: float = 40.0  # opponents' melds of 5-6 cards: stop them
    out_urgency: float = 120.0
    out_lead: float = 0.02  # per point our side leads on the table this deal
    out_game_margin: float = 0.0  # going out that ends the game: the estimated winning margin it needs
    # Stop 47: in a game of a number of deals (Hand and Foot) going out in the last deal ends
    # the game, and is weighed as such (1), in going out and in answering; 0: not (as before).
    out_game_deals: float = 1.0
    # Stop 47: the answer to "May I go out?" weighs a going out that ends the game (yes when it
    # wins, no while the stock lasts when it loses) in every variant (1); 0: only in a game of
    # a number of deals, as out_game_deals says (the answer before).
    answer_game_end: float = 1.0
    ask_partner_cards: float = 3.0  # ask when the partner holds at least this many
    answer_points: float = 70.0  # answer no while holding at least this many points
    # Stop 55 (five-hand watched): the share of the wild cards' points the answer counts as
    # meldable (1: all of them). Five-hand's partner said "no" for a joker and a two alone (70
    # points) and kept them on its next turn, while the asker sat on two cards; counting none
    # (0: "yes" there) won 49.9% of 2,000 games against Normal, and played out from the real
    # deal "no" was better by about 240 points a case (a wild card held counts against us when
    # the partner goes out, and is laid later): not kept, an experiment (README, stop 55).
    answer_wild: float = 1.0
    # (Stop 41: "no" for a hand of 7 cards or more, meldable or not, is gone: without it
    # Normal won 51.8% of 8,000 Samba games against itself, +131 ± 68 points a game, and
    # 50.7% of 8,000 classic ones, +26 ± 46; game/bots/README.md.)

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    @classmethod
    def for_variant(cls, variant: str) -> NormalWeights:
        """The weights a variant plays with: the defaults above and its own in VARIANT_WEIGHTS."""
        return _variant_weights(variant)


def one_sits_out(cfg: RulesConfig) -> bool:
    """Five-hand (V-FIVE): one of the side of three sits out each deal."""
    return bool(cfg.rules.sit_out)


def three_sides_of_partners(cfg: RulesConfig) -> bool:
    """Six-hand (three sides of two): the half threat and the passed-rank danger measured
    worse there against Easy (1000 games: 58.8% against 62.9% without them), better in
    classic and three-hand; this table keeps v1's judgement on both."""
    return cfg.sides > 2 and cfg.partnerships


def two_sides_drawing_one(cfg: RulesConfig) -> bool:
    """Classic, five-hand and six-hand-2x3: one opposing side, one card drawn."""
    return cfg.sides == 2 and cfg.draw_count == 1


def two_sides_of_three(cfg: RulesConfig) -> bool:
    """Six-hand-2x3 (V-SIX-2X3): three partners a side."""
    return cfg.sides == 2 and cfg.players == 6


def with_sequences(cfg: RulesConfig) -> bool:
    """Samba and Bolivia: melds of a rank and sequences of a suit."""
    return cfg.rules.sequences


def with_wild_melds(cfg: RulesConfig) -> bool:
    """Bolivia: wild cards melded alone (V-BOL-WILD)."""
    return cfg.rules.wild_melds


def with_books_quota(cfg: RulesConfig) -> bool:
    """Hand and Foot: going out needs clean and dirty books (V-HF-OUT)."""
    return any(cfg.rules.books_quota)


def classic_four_hand(cfg: RulesConfig) -> bool:
    """Classic itself: two sides of two, melds by rank, one card drawn (where `wild_surplus`
    was measured, stop 48)."""
    return cfg.players == 4 and cfg.sides == 2 and cfg.partnerships and not cfg.rules.meld_list


def one_a_side(cfg: RulesConfig) -> bool:
    """Two-hand and three-hand: every player a side of its own (no partner), two cards drawn
    (where `take_card` 12 was measured, stop 50)."""
    return not cfg.partnerships


def three_alone(cfg: RulesConfig) -> bool:
    """Three-hand: three players, each a side of its own (where `danger_gift_alone` was
    measured, stop 53)."""
    return not cfg.partnerships and cfg.sides == 3


def partners_classic_deal(cfg: RulesConfig) -> bool:
    """Sides of partners dealt as in classic (rank-keyed melds, one card drawn): classic,
    five-hand (its four who play), six-hand and six-hand-2x3, where the canasta-gift danger
    was measured (against normal-v1 in classic, against Easy in the others)."""
    return cfg.partnerships and not cfg.rules.meld_list and cfg.draw_count == 1


# Weights some tables play with instead of the defaults, each measured there against Easy
# (README), named by their rules (the variant ids have one source, game/rules/variants.py).
# Five-hand (V-FIVE: one of the side of three sits out each deal) is dealt as classic, but a
# Normal that weighs the opponents' threat fully, opens sooner and goes out more readily won
# more there (77.0% against 72.2% on fresh deals), and the same in six-hand (three sides of
# two), which also lays cards more readily (`meld_card`, tuned against Easy: margin +2065
# against +2017 on seed 61000), keeps a smaller reserve of cards and holds its pairs more
# (`reserve_cards` 2.5, `keep_pair` 24; tuned against Easy, stop 29: 70.2% -> 75.8% on fresh
# deals; a reserve of 7.5 lost, 61.6% on the tuning deals). Classic keeps the values measured
# against normal-v1, where the full threat (56.9%) and the opening bonus of 150 (57.9%) did not
# beat its 58.0%, and a search of 21 weights found nothing that held on fresh deals (stop 30).
# Declining small piles (`take_small`): against normal-v1 in classic 59.2% -> 67.6% (4,000
# games), against Easy in five-hand 79.8% -> 85.8%; with three partners a side only for a pile
# of two (78.2% -> 82.0%; of four: 77.9%). Not where two opposing sides contest the pile
# (six-hand 70.2% -> 67.5%, three-hand 61.7% -> 56.0%), nor where a draw brings two cards
# (two-hand, Samba, Hand and Foot: no change either way; Bolivia: the same wins, a margin
# +483 better over 600 games, not enough to restart its long run for).
# A take that closes a canasta this turn (`take_canasta`, stop 41), where melds are sequences
# too (Samba, Bolivia): in Samba against Normal without it 51.2% of 8,000 games, +100 ± 67 a
# game; in classic no change (50.0%, -3 ± 46).
# Samba and Bolivia take a big pile late in the deal as early in it (`take_late_card` 0, stop
# 49: a play-test saw Samba's Normal decline 22 piles of six cards or more in 30 deals, one of
# 14 with a natural pair in hand); against Normal with it, 2 x 2,000 games each: Samba 51.9%
# and 51.9% (+137 ± 138, +136 ± 132 a game), Bolivia 52.3% and 51.6% (+297 ± 206, +303 ± 213).
# Hand and Foot (49.9%, -2 ± 130) and classic (50.1%, +3 ± 64) showed nothing: kept.
# Samba and Bolivia keep a card that extends one of their sequences (`keep_run` 40, stop 52:
# Bolivia's Normal threw it 28 times in 30 games; played out, laying it was better by about 400
# points a case); against Normal without it, 2,000 games each: Bolivia 50.5% (+23 ± 215), Samba
# 49.9% (+11 ± 137): not worse, a blunder gone.
# Bolivia lays its wild cards on its wild meld under seven rather than on a group
# (`wild_meld_first` 100, stop 52: Normal finished mixed canastas with the wild cards its
# wild meld needed, 128 times in 30 games; played out, the wild meld was better by about 700
# points a case); against Normal without it, 2 x 2,000 games: 62.6% and 61.9% (+1558 ± 221,
# +1469 ± 219 a game).
# A dirty book, or a wild card spoiling a clean meld, once the side has its dirty books but
# still needs clean ones (`book_dirty_surplus`, stop 43): Normal made dirty books with every
# wild card, and in 182 of 318 sides' ends at an exhausted stock it held one clean book or
# none beside three or more dirty ones, unable to go out; against Normal without it 76.6% of
# 4,000 Hand and Foot games, +1963 ± 84 a game.
# Hand and Foot also weighs emptying the hand to pick up the foot at 200, not 60
# (`foot_pickup`: with the cost above Normal discarded instead of laying its last cards and
# reaching its foot 0.79 times a game, 0.02 with 200), and takes the pile whenever it may
# (`take_base` 80: it declined 3.4 takes a game, 2.6 of piles of 10 or more, for a draw of
# two). Against Normal without them, 2,000 games each: foot_pickup 53.1% (+196 ± 121) and
# 52.5% (+192 ± 126); take_base 53.4% (+313 ± 126) and 53.2% (+238 ± 125); both 56.4%
# (+474 ± 126) and 57.0% (+516 ± 125).
# Classic lays only the wild cards a canasta needs (`wild_surplus`, stop 48: Normal laid a
# joker and two twos on six clean nines in the first round); against Normal without it the
# change's side won 51.1% of 4,000 games, +62 ± 66 a game; the other tables were not measured.
# Two-hand and three-hand count each natural a take brings that we can use 12, not 6
# (`take_card`, stop 50: watched at the table, Normal drew instead of taking piles of 5 to 20
# cards whose top went onto its own meld, about seven times a deal in two-hand; played out on
# the real deal, taking was better by about 200 points a case). Against Normal with 6, 2 x
# 2,000 games each: two-hand 64.5% and 63.6% (+597 ± 65, +555 ± 66 a game), three-hand 52.4%
# and 51.0% (chance 33.3%; head to head 66.2% and 66.5%). Against Easy (2 x 1,000 games): two-hand
# 94.1% (93.2% with 6), three-hand 62.8% (61.4%). Two-hand keeping 8 cards until its two canastas
# (`reserve_cards`) beat Normal (53.5% of 4,000) but lost to Easy (90.4%): not kept.
# Three-hand weighs the canasta a discard would hand the next player (`danger_gift_alone` 1,
# stop 53: 86 times in 60 games its Normal fed the seventh card of the next player's meld while
# a card that gave nothing was in hand; played out, that card was better by about 40 points a
# case); against Normal without it 34.8% and 34.0% of 2 x 2,001 games (chance 33.3%; head to
# head 51.0% and 50.8%), against Easy 62.2% (60.9% without). Two-hand: 48.8% and 48.4%, not kept.
# Stop 54, fresh seeds 81000 / 82000: 34.7% and 34.2% (head to head 51.5%, 50.7%); against
# Easy, seed 83000, 1,002 games: 68.6% (66.6% without).
# Five-hand throws a wild card, freezing the pile, when every natural in hand would offer the
# next player the pile (`wild_freeze` 1, stop 55: played out from the real deal, the wild card
# was better by about 220 points a case, 29 of 44 cases); against Normal without it, 2 x 2,000
# games (README, stop 55). Six-hand-2x3 the same (fresh seeds 72000 / 92000, 2 x 2,000 games
# against Normal without it: 54.1% and 52.8%, 53.5% pooled, 51.9% .. 55.0%); six-hand (three
# sides) and the other tables did not win with it (README, stop 55, the other variants).
# Every entry whose rule applies is used, in this order.
# Hand and Foot weighs the stock left as a share of the stock and the feet as dealt (181 of 225
# cards: `late_feet`). Until stop 48 the bots counted the feet as stock by mistake, and Hand and
# Foot's weights were measured so; with the stock's true share Normal lost to itself (47.2% of
# 2,000 games, margin -149 ± 132; README, stop 48): its deals end by going out more often than
# by the stock running out.
_HF_LATENESS = {"late_feet": 1.0}
# Hand and Foot lays its melds readily as the deal goes on (`meld_eager`, stop 53): the stock's
# share gone, linear, where the urgency squares it. It replaced the false threats (an opponent
# with its foot down, one book, counted as about to go out) that had made it meld readily.
_HF_EAGER = {"meld_eager": 1.0}
# A late yes says "The stock is nearly gone." with this many turns each left or fewer, else the
# count: classic's late yes (lateness 0.6) comes with about 14 cards, three and a half turns each.
NEARLY_GONE_TURNS = 3
_MORE_PLAYERS = {"threat_scale": 1.0, "open_bonus": 150.0, "out_base": 100.0}
VARIANT_WEIGHTS: VariantTable = (
    (one_sits_out, {**_MORE_PLAYERS, "wild_freeze": 1.0}),
    (three_sides_of_partners, {**_MORE_PLAYERS, "meld_card": 4.5, "reserve_cards": 2.5, "keep_pair": 24.0}),
    (two_sides_drawing_one, {"take_small": 60.0}),
    (two_sides_of_three, {"take_small_size": 2.0, "wild_freeze": 1.0}),
    (with_sequences, {"take_canasta": 100.0, "take_late_card": 0.0, "keep_run": 40.0}),
    (with_wild_melds, {"wild_meld_first": 100.0}),
    (
        with_books_quota,
        {"book_dirty_surplus": 150.0, "foot_pickup": 200.0, "take_base": 80.0, **_HF_LATENESS, **_HF_EAGER},
    ),
    (classic_four_hand, {"wild_surplus": 1.0}),
    (one_a_side, {"take_card": 12.0}),
    (three_alone, {"danger_gift_alone": 1.0}),
)


@cache
def _variant_weights(variant: str) -> NormalWeights:
    return replace(NormalWeights(), **variant_changes(variant, VARIANT_WEIGHTS))


def black_three_cost(cfg: RulesConfig) -> int:
    """What a black three left in a hand costs its side at the deal's end: V-BOL-BLACK3's
    penalty (100 in Bolivia), else its card value (5)."""
    return cfg.rules.black_three_penalty or RANK_VALUE[Rank.THREE]


def urgency(
    kn: Knowledge, threat_scale: float = 1.0, with_feet: float = 0.0, foot: float = 1.0, books: float = 1.0
) -> float:
    """0..1: how soon the deal may end (stock running out, an opponent close to going out;
    `threat_scale` weighs the second; `with_feet`: the stock's share counts the feet; `foot`,
    `books`: `threat`'s)."""
    cached = kn._urgency
    key = (threat_scale, with_feet, foot, books)
    if cached is None or cached[0] != key:
        cached = kn._urgency = (key, _urgency(kn, threat_scale, with_feet, foot, books))
    return cached[1]


def deal_urgency(kn: Knowledge, w: NormalWeights) -> float:
    """`urgency` with the weights' own settings."""
    return urgency(kn, w.threat_scale, w.late_feet, w.threat_foot, w.threat_books)


def eagerness(kn: Knowledge, w: NormalWeights) -> float:
    """0..1: how readily melds are laid beside the deal's urgency: `meld_eager` times the
    share of the stock gone (Hand and Foot's own; 0 elsewhere)."""
    if not w.meld_eager:
        return 0.0
    return min(1.0, w.meld_eager * (1.0 - kn.stock_fraction(bool(w.late_feet))))


def meld_urgency(kn: Knowledge, w: NormalWeights) -> float:
    """The urgency Normal weighs its melds at: the deal's, or its eagerness when higher."""
    return max(deal_urgency(kn, w), eagerness(kn, w))


def lateness(kn: Knowledge, with_feet: float = 0.0) -> float:
    """0..1 as the stock runs out (squared: it counts late); `with_feet`: the stock's share
    counts the feet as dealt."""
    return (1.0 - kn.stock_fraction(bool(with_feet))) ** 2


def threat(kn: Knowledge, foot: float = 1.0, books: float = 1.0) -> float:
    """0..1: how close an opponent is to going out (canastas enough and few cards; `foot`,
    `books`: `seat_threat`'s)."""
    return max((seat_threat(kn, s, foot, books) for s in kn.opponents()), default=0.0)


def seat_threat(kn: Knowledge, seat: int, foot: float = 1.0, books: float = 1.0) -> float:
    """0..1: how close the opponent `seat` is to going out: its side's canastas enough and
    few cards in hand (1 for 3 or fewer, 0.6 for 6 or fewer, else 0.3), or a canasta short
    with 5 or fewer (0.3). Hand and Foot: `foot` (`threat_foot`), a foot still down counts
    with the hand, times this (an empty hand picks it up and plays on, V-HF-FOOT); `books`
    (`threat_books`), the canastas enough are the side's quota of clean and dirty books
    (V-HF-OUT; 0: one book, `canastas_to_go_out`)."""
    obs = kn.obs
    side = kn.cfg.side_of(seat)
    size: float = obs.hand_sizes[seat]
    if foot and obs.feet and obs.feet[seat] is not None:
        size += foot * (obs.feet[seat] or 0)
    short = kn.books_short(side) if books else max(0, kn.cfg.canastas_to_go_out - kn.canastas(side))
    if short == 0:
        return 1.0 if size <= 3 else 0.6 if size <= 6 else 0.3
    return 0.3 if short == 1 and size <= 5 else 0.0


def _urgency(kn: Knowledge, threat_scale: float, with_feet: float, foot: float, books: float) -> float:
    return max(lateness(kn, with_feet), threat(kn, foot, books) * threat_scale)


def plan_additions(melds: Sequence[Meld], plan: Plan) -> dict[int, int]:
    """The cards a going-out plan adds to each of the side's melds (by place in `melds`):
    a group naming a meld's number goes there; one naming none goes to the open group of
    its rank (classic's melds by rank)."""
    open_group: dict[Rank, int] = {}
    for i, m in enumerate(melds):
        if m.kind is MeldKind.GROUP and (m.rank not in open_group or not m.is_canasta):
            open_group[m.rank] = i
    added: dict[int, int] = {}
    for group in plan[0]:
        index = group.target if group.target is not None else open_group.get(group.rank)
        if index is not None and 0 <= index < len(melds):
            added[index] = added.get(index, 0) + len(group.cards)
    return added


def table_points(obs: Observation, side: int) -> int:
    return sum(m.value + m.bonus for m in obs.melds[side])


def game_end_margin(kn: Knowledge, answering: bool) -> float | None:
    """If our side went out now (this seat, or when `answering` the partner who asked),
    would that end the game? None when no side would reach the target; else our estimated
    final total minus the best opponent's (R-GAME: the highest total wins). Hidden hands
    count at the mean value of the unseen cards. A game of a number of deals (Hand and
    Foot) ends with its last deal whoever reaches what (V-HF-SCORE): None before it; in it,
    a foot still face down counts against its side too, at the mean value with a red three
    in it at -100."""
    obs, cfg = kn.obs, kn.cfg
    rules = cfg.rules
    if rules.deals and obs.deal_no < rules.deals:
        return None
    pool = max(1, kn.pool)
    mean = sum(kn.unseen[r] * RANK_VALUE[r] for r in range(16)) / pool
    side = kn.side
    feet = obs.feet
    # V-HF-SCORE: a red three left in a foot counts -100, not its card value (the unseen
    # red threes: the packs' two each, less those laid).
    red_left = max(0, 2 * rules.packs - sum(len(r) for r in obs.red_threes)) if feet else 0
    foot_mean = mean + red_left / pool * (100 - RANK_VALUE[Rank.THREE])

    def held(seats: Sequence[int]) -> float:
        """What the hidden hands and feet of `seats` would count against their side."""
        down = sum(feet[s] or 0 for s in seats) if feet else 0
        return mean * sum(obs.hand_sizes[s] for s in seats) + foot_mean * down

    def red3(sd: int) -> int:
        n = min(len(obs.red_threes[sd]), len(rules.red_three_points_by_count) - 1)
        pts = rules.red_three_points(n)
        return pts if obs.melds[sd] else -pts

    ours = float(table_points(obs, side) + red3(side) + rules.going_out)
    if answering:
        ours -= sum(c.value for c in obs.hand)
        ours -= foot_mean * (feet[kn.seat] or 0) if feet else 0
        asker = kn.partner()
        others = [t for t in kn.teammates() if t != asker]
        if asker is not None:  # its cards are melded, one perhaps discarded
            ours += mean * max(0, obs.hand_sizes[asker] - 1)
    else:
        ours += sum(c.value for c in obs.hand) - min((c.value for c in obs.hand), default=0)
        others = list(kn.teammates())
    ours -= held(others)
    best: float | None = None
    for o in range(cfg.sides):
        if o == side:
            continue
        seats = [s for s in kn.opponents() if cfg.side_of(s) == o]
        theirs = obs.scores[o] + table_points(obs, o) + red3(o) - held(seats)
        best = theirs if best is None else max(best, theirs)
    mine = obs.scores[side] + ours
    if best is None or (not rules.deals and max(mine, best) < cfg.target):
        return None
    return mine - best


@dataclass(frozen=True, slots=True)
class OutWeighing:
    """`NormalPolicy.weigh_going_out`: go out or not, and the costs it weighed against it."""

    go: bool
    partner_cards: int  # the cards our side's other players hold (caught if we go out)
    partner_cost: float
    near: tuple[tuple[Meld, int], ...]  # our melds a going out would leave 1-3 cards short, and their sizes then
    near_cost: float
    behind_cost: float  # the opponents lead on the table (0 when they do not)
    game_margin: float | None  # going out ends the game: our margin beyond the one it needs


def first_cheapest(costed: Iterable[tuple[Chosen, float]]) -> Chosen | None:
    """The first of the cheapest of `costed` (a thing and its cost), in the order given:
    Normal's discard among equal costs, the first in the legal moves' order (the hand's
    canonical order). The hint's risky-discard box names the card it picks among tied ones
    (game/discard_weighings.py): with the hand's order it named the 9♠ where the hint then
    said "Discard the 8♦". None when `costed` is empty."""
    best: Chosen | None = None
    best_cost = float("inf")
    for thing, cost in costed:
        if cost < best_cost:
            best, best_cost = thing, cost
    return best


@dataclass(frozen=True, slots=True)
class DiscardWeighing:
    """`NormalPolicy.weigh_discard`: the cost of a discard (the lowest is discarded) and its
    parts: what keeping the card is worth, and the danger of offering it to the next player."""

    card: Card
    cost: float  # keep + danger
    keep: float
    kept_as: str  # "wild", "black three", "meld" (a rank our side has melded), "triple", "pair", "single"
    live: int  # a single: the unseen copies of its rank (each makes it worth keeping more)
    danger: float
    p_take: float  # the chance the next player could take the pile with it
    declined: str  # "offered" / "discarded": the pile shows the next player left or threw the rank
    gift: float  # a take would complete (or nearly) a canasta of the next player's side


class NormalPolicy:
    """The decision logic, separate from the Bot so playouts can reuse it."""

    def __init__(self, weights: NormalWeights | None = None):
        self.fixed = weights  # the same weights in every variant (tuning, arena --a-weights)
        self.reason: BotReason | None = None  # why the last move (answers, big takes)
        self._config: RulesConfig | None = None  # the last config seen, and its weights
        self._own = NormalWeights()
        self._safest: tuple[Knowledge, float] | None = None  # safest_danger, for one decision

    def weights(self, kn: Knowledge) -> NormalWeights:
        """The weights given, else the variant's own (NormalWeights.for_variant)."""
        if self.fixed is not None:
            return self.fixed
        cfg = kn.cfg
        if cfg is not self._config:  # asked many times a decision, in playouts too
            self._config, self._own = cfg, _variant_weights(cfg.rules.id)
        return self._own

    def game_end(self, kn: Knowledge, answering: bool) -> float | None:
        """`game_end_margin`, but None in a game of a number of deals when the weights leave
        its last deal unweighed (`out_game_deals` 0: Normal before stop 47)."""
        if kn.cfg.rules.deals and not self.weights(kn).out_game_deals:
            return None
        return game_end_margin(kn, answering)

    # ------------------------------------------------------------------ entry
    def choose(self, obs: Observation, rng: random.Random | None = None, explain: bool = True) -> Move:
        """Normal's move; with `explain`, `reason` says why a big take was made (a playout,
        where no one reads it, passes False)."""
        self.reason = None
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        kn = Knowledge(obs)
        if obs.phase is Phase.ANSWER:
            yes, self.reason = self.answer(kn)
            return Move(MoveKind.YES) if yes else Move(MoveKind.NO)
        if obs.phase is Phase.DRAW:
            move = self.draw_phase(kn)
            if explain and move.kind is MoveKind.TAKE and len(obs.pile) >= why.BIG_PILE:
                self.reason = self.take_reason(kn, move)
            return move
        return self.meld_phase(kn)

    # ------------------------------------------------------------------ draw
    def draw_phase(self, kn: Knowledge) -> Move:
        best, best_score = self.best_take(kn)
        legal = kn.obs.legal
        other = [m for m in legal if m.kind is MoveKind.DRAW or m.kind is MoveKind.PASS]
        if best is None:
            return other[0] if other else legal[0]
        if not other:  # the stock is empty and the take is forced (R-EXHAUSTED)
            return best
        if other[0].kind is MoveKind.DRAW:
            return best if best_score > 0 else other[0]
        # Stock empty: passing ends the deal; take unless the pile is clearly a burden.
        return best if best_score > -self.weights(kn).take_base else other[0]

    def best_take(self, kn: Knowledge) -> tuple[Move | None, float]:
        best, best_score = None, float("-inf")
        for move in kn.obs.legal:
            if move.kind is MoveKind.TAKE:
                s = self.take_score(kn, move)
                if s > best_score:
                    best, best_score = move, s
        return best, best_score

    def take_score(self, kn: Knowledge, move: Move) -> float:
        w, obs = self.weights(kn), kn.obs
        rest = kn.cfg.rules.taken_under_top(obs.pile)  # (V-HF-TAKE: only the next cards under the top)
        my_melds = kn.melds_by_rank(kn.side)
        hc = kn.hand_counts
        urg = deal_urgency(kn, w)
        in_rest = [0] * 16
        for c in rest:
            in_rest[c.rank] += 1
        # Taking replaces the whole draw: in the draw-two variants it forgoes two cards.
        s = w.take_base - w.take_per_draw * (kn.cfg.draw_count - 1) + w.take_per_rival * (kn.cfg.sides - 2)
        for c in rest:
            if c.is_red_three:
                s += w.take_red3
            elif c.is_wild:
                s += w.take_wild
            elif c.is_black_three:
                s += w.take_black3
            elif hc[c.rank] or in_rest[c.rank] >= 2 or self.fits_ours(kn, c):
                s += w.take_card
            else:
                s += w.take_junk
        s -= w.take_late_card * len(rest) * urg
        if w.take_black3_stuck:
            s -= w.take_black3_stuck * black_three_cost(kn.cfg) * self.black_threes_stuck(kn, rest)
        if len(obs.pile) <= w.take_small_size:
            s -= w.take_small
        used_wilds = sum(1 for g in move.groups for c in g.cards if c.is_wild)
        s -= w.take_hand_wild * used_wilds
        if not my_melds:
            s += w.take_open
        if w.take_canasta and self.take_closes_canasta(kn, move, in_rest):
            s += w.take_canasta
        elif w.take_canasta and w.take_canasta_runs and self.take_closes_sequence(kn, move, rest):
            s += w.take_canasta * w.take_canasta_runs
        # Laying extra groups with the take spends pair keys; prefer the lean opening.
        s -= 2.0 * sum(len(g.cards) for g in move.laid_groups)
        return s

    @staticmethod
    def black_threes_stuck(kn: Knowledge, rest: Sequence[Card]) -> int:
        """The black threes of the pile's `rest` this player could not discard before the stock
        runs out, one a turn (this turn's discard and one for each round the stock still
        feeds), beyond those its hand would keep anyway (`take_black3_stuck`)."""
        taken = sum(1 for c in rest if c.is_black_three)
        if not taken:
            return 0
        held = sum(1 for c in kn.obs.hand if c.is_black_three)
        draws = max(1, len(kn.facts.play_order(kn.obs.out)) * kn.cfg.rules.draw)
        turns = 1 + kn.obs.stock_size // draws
        return max(0, held + taken - turns) - max(0, held - turns)

    @staticmethod
    def take_closes_canasta(kn: Knowledge, move: Move, in_rest: list[int]) -> bool:
        """The take's top card goes to a meld (or a new group) that this turn's cards of its
        rank, the pile's and the hand's, bring to seven."""
        obs = kn.obs
        top = obs.pile[-1]
        if not top.is_natural or not move.groups:
            return False
        own = move.groups[0]
        melds = obs.melds[kn.side]
        if own.target is not None and 0 <= own.target < len(melds):
            meld: Meld | None = melds[own.target]
        else:
            open_groups = (m for m in melds if m.kind is MeldKind.GROUP and not m.is_canasta)
            meld = next((m for m in open_groups if m.rank == top.rank), None)
        if meld is not None and (meld.is_canasta or meld.kind is not MeldKind.GROUP):
            return False
        size = meld.size if meld is not None else 0
        return size + 1 + in_rest[top.rank] + kn.hand_counts[top.rank] >= CANASTA_SIZE

    @staticmethod
    def take_closes_sequence(kn: Knowledge, move: Move, rest: Sequence[Card]) -> bool:
        """The take adds its top card to one of our sequences (V-SAMBA-TAKE b), and with the
        pile's and the hand's cards of its suit that continue it, the sequence reaches seven:
        a samba / escalera this turn."""
        obs = kn.obs
        top = obs.pile[-1]
        if not top.is_natural or not move.groups:
            return False
        target = move.groups[0].target
        melds = obs.melds[kn.side]
        if target is None or not 0 <= target < len(melds):
            return False
        meld = melds[target]
        if meld.kind is not MeldKind.SEQUENCE or meld.is_canasta:
            return False
        have = {int(c.rank) for c in (*obs.hand, *rest) if c.is_natural and c.suit == top.suit}
        have.add(int(top.rank))
        low, high = int(meld.rank), int(meld.high)
        while low - 1 >= Rank.FOUR and low - 1 in have:
            low -= 1
        while high + 1 <= Rank.ACE and high + 1 in have:
            high += 1
        return high - low + 1 >= CANASTA_SIZE

    def take_reason(self, kn: Knowledge, move: Move) -> BotReason:
        """The main reason a take scored above drawing, in one line, of the cards the take
        brings (in Hand and Foot the top card and the next six, V-HF-TAKE: the red threes and
        wild cards of the whole pile were counted, the rest of it staying down; stop 60)."""
        obs = kn.obs
        rest = kn.cfg.rules.taken_under_top(obs.pile)
        if not any(m.kind is MoveKind.DRAW for m in obs.legal):
            return BotReason.of(why.TAKE_STOCK_EMPTY)
        my_melds = kn.melds_by_rank(kn.side)
        fit = sum(1 for c in rest if c.is_natural and (kn.hand_counts[c.rank] or self.fits_ours(kn, c)))
        if not my_melds:
            return BotReason.of(why.TAKE_OPENS_FIT, fit=fit) if fit >= 2 else BotReason.of(why.TAKE_OPENS)
        red = sum(1 for c in rest if c.is_red_three)
        if red:
            return BotReason.of(why.TAKE_RED_THREES, n=red) if red > 1 else BotReason.of(why.TAKE_RED_THREE)
        wild = sum(1 for c in rest if c.is_wild)
        if wild:
            return BotReason.of(why.TAKE_WILDS, n=wild) if wild > 1 else BotReason.of(why.TAKE_WILD)
        public = self.take_public_reason(kn, rest)
        return BotReason.of(why.TAKE_FIT, fit=fit).said_publicly_as(public) if fit >= 2 else public

    def take_public_reason(self, kn: Knowledge, rest: Sequence[Card]) -> BotReason:
        """What `take_score` weighed in a take without red threes or wild cards, from the
        table's facts alone (the pile and our melds): the naturals that join our melds
        (`take_card` each); else from BIG_LINE cards "a pile this big"; else those in pairs
        of a rank (`take_card` each), else the take itself (`take_base`: its top card goes
        into a meld at once, the cards under it come too)."""
        in_rest = Counter(c.rank for c in rest if c.is_natural)
        meld_fit = sum(1 for c in rest if c.is_natural and self.fits_ours(kn, c))
        if meld_fit >= 2:
            return BotReason.of(why.TAKE_MELD_FIT, fit=meld_fit)
        if len(rest) + 1 >= why.BIG_LINE:  # (the cards the take brings, the top one with them)
            return BotReason.of(why.TAKE_BIG)
        pairs = sum(1 for c in rest if c.is_natural and in_rest[c.rank] >= 2 and not self.fits_ours(kn, c))
        return BotReason.of(why.TAKE_PAIRS, n=pairs) if pairs >= 2 else BotReason.of(why.TAKE_TOP)

    # ------------------------------------------------------------------ answer
    def answer(self, kn: Knowledge) -> tuple[bool, BotReason]:
        """Yes or no to "May I go out?", with the reason. Saying no buys one more turn:
        worth it for the points this hand could still meld (a card melded counts for us
        instead of against us) and for a canasta it could complete; cards that cannot be
        melded cost the same either way."""
        obs, w = kn.obs, self.weights(kn)
        cards = len(obs.hand)
        if kn.cfg.rules.deals or w.answer_game_end:  # going out that ends the game (R-GAME, V-HF-SCORE)
            end = self.game_end(kn, answering=True)
            if end is not None and end > w.out_game_margin:
                return True, BotReason.of(why.YES_GAME_WON)
            if end is not None and obs.stock_size > 0:  # (with the stock gone the deal ends anyway)
                return False, BotReason.of(why.NO_GAME_LOST)
        if cards == 1:
            return True, BotReason.of(why.YES_SINGLE_CARD)
        if cards == 2:
            return True, BotReason.of(why.YES_FEW_CARDS, cards=cards)
        # The full threat: an opponent about to go out (the reason: the opponents when they
        # are that close, else the stock).
        if urgency(kn, 1.0, w.late_feet, w.threat_foot, w.threat_books) >= 0.6:
            return True, self.late_reason(kn, w.threat_foot, w.threat_books)
        if self.completes_canasta_next(kn):
            return False, BotReason.of(why.NO_CANASTAS)
        points = self.meldable_points(kn)
        if points >= w.answer_points:
            return False, BotReason.of(why.NO_POINTS, points=points)
        if cards < 7:  # (what waiting would gain: the few points of a small hand it could meld)
            if not points:
                return True, BotReason.of(why.YES_NONE_TO_MELD, cards=cards)
            return True, BotReason.of(why.YES_FEW_TO_MELD, points=points, cards=cards)
        return True, BotReason.of(why.YES_LITTLE_TO_MELD)  # (the rest counts the same either way)

    @staticmethod
    def late_reason(kn: Knowledge, foot: float = 1.0, books: float = 1.0) -> BotReason:
        """Why a late deal says yes: the opponents when they are about to go out, else the
        stock, measured as the count line measures it, in turns each: "nearly gone" with
        NEARLY_GONE_TURNS turns each or fewer left (about where classic's lateness says yes),
        else the count ("down to 40 cards: about 5 more turns each"). Hand and Foot's Normal
        counts the feet as dealt into its lateness (`late_feet`) and says yes with about a
        quarter of its 181-card stock left; measured by the stock's own share, its partner
        said "nearly gone" from about 41 cards, five turns each (stop 48's play-test)."""
        if threat(kn, foot, books) >= 0.6:  # (`foot`, `books`: `threat_foot`, `threat_books`)
            return BotReason.of(why.YES_THREAT)
        stock = kn.obs.stock_size
        draws = len(kn.facts.play_order(kn.obs.out)) * kn.cfg.rules.draw
        if stock <= NEARLY_GONE_TURNS * draws:
            return BotReason.of(why.YES_STOCK_LOW)
        return BotReason.of(why.YES_STOCK_DOWN, cards=stock, turns=max(1, round(stock / draws)))

    def meldable_points(self, kn: Knowledge) -> int:
        """Points of the hand that could be melded on our next turn: naturals that join our
        melds (`fits_ours`) or of a rank we hold three of, and wild cards when we have melds
        to put them on (`answer_wild` of their points)."""
        obs = kn.obs
        mine = kn.obs.melds[kn.side]
        share = self.weights(kn).answer_wild
        total = 0
        for c in obs.hand:
            if c.is_wild:
                total += round(c.value * share) if mine else 0
            elif c.is_natural and (kn.hand_counts[c.rank] >= 3 or self.fits_ours(kn, c)):
                total += c.value
        return total

    @staticmethod
    def completes_canasta_next(kn: Knowledge) -> bool:
        """This hand alone could finish one of our melds into a canasta next turn
        (keeping two cards, so the deal goes on)."""
        obs = kn.obs
        wilds = sum(1 for c in obs.hand if c.is_wild)
        max_wilds = kn.cfg.rules.max_wilds
        for m in obs.melds[kn.side]:
            if m.is_canasta or m.size < 4:
                continue
            usable = min(wilds, max(0, max_wilds - m.wilds))
            reach = m.size + kn.hand_counts[m.rank] + usable >= CANASTA_SIZE
            if reach and len(obs.hand) - (CANASTA_SIZE - m.size) >= 2:
                return True
        return False

    # ------------------------------------------------------------------ meld phase
    def meld_phase(self, kn: Knowledge) -> Move:
        obs = kn.obs
        legal = obs.legal
        if obs.this_turn.answer is True:
            return self.finish_going_out(kn)
        plan = kn.go_out_plan() if obs.this_turn.answer is not False else None
        if plan is not None and self.should_go_out(kn, plan):
            ask = Move(MoveKind.ASK)
            partner = kn.partner()
            w = self.weights(kn)
            end = self.game_end(kn, answering=False)
            wins = end is not None and end > w.out_game_margin  # no question: the partner could say no
            if ask in legal and partner is not None:
                if kn.must_ask() or (obs.hand_sizes[partner] >= w.ask_partner_cards and not wins):
                    return ask
            move = self.plan_move(kn, plan)
            if move is not None:
                return move
        meld, score = self.best_meld(kn)
        if meld is not None and score > 0:
            return meld
        return self.best_discard(kn)

    def finish_going_out(self, kn: Knowledge) -> Move:
        """After "yes": lay the going-out plan (the legal moves all keep it possible)."""
        plan = kn.go_out_plan()
        if plan is not None:
            move = self.plan_move(kn, plan)
            if move is not None:
                return move
        legal = kn.obs.legal
        return max(legal, key=lambda m: sum(len(g.cards) for g in m.groups))

    def plan_move(self, kn: Knowledge, plan: Plan) -> Move | None:
        groups, discard = plan
        if groups:
            move = Move(MoveKind.MELD, tuple(groups))
            trial = kn.pseudo_state().copy()
            try:
                trial.apply(move)
            except IllegalMove:
                return None
            return move
        if discard is not None:
            move = Move.discard(discard)
            return move if move in kn.obs.legal else None
        return None

    def should_go_out(self, kn: Knowledge, plan: Plan | None = None) -> bool:
        return self.weigh_going_out(kn, plan).go

    def weigh_going_out(self, kn: Knowledge, plan: Plan | None = None) -> OutWeighing:
        """Going out now, weighed (`should_go_out`), with what spoke against it (the H hint
        says it when a player could go out and is advised to play on)."""
        obs, w, cfg = kn.obs, self.weights(kn), kn.cfg
        side = kn.side
        # Cards caught in hand per opposing side, and those of our own side's other players.
        opp_cards = sum(obs.hand_sizes[s] for s in kn.opponents()) / max(1, cfg.sides - 1)
        partner_cards = sum(obs.hand_sizes[s] for s in kn.teammates())
        s = w.out_base + w.out_opp_card * opp_cards - w.out_partner_card * partner_cards
        added = plan_additions(obs.melds[side], plan) if plan is not None and w.out_near_plan else {}
        unfinished = 1.0 - w.out_near_fade * max(
            lateness(kn, w.late_feet), w.out_near_threat * threat(kn, w.threat_foot, w.threat_books)
        )
        near: list[tuple[Meld, int]] = []
        near_cost = 0.0
        for i, m in enumerate(obs.melds[side]):
            size = m.size + added.get(i, 0)
            if size < CANASTA_SIZE:
                cost = (w.out_near6 if size >= 5 else w.out_near4 if size == 4 else 0) * unfinished
                s -= cost
                if cost > 0:
                    near.append((m, size))
                    near_cost += cost
        opp_sides = [x for x in range(cfg.sides) if x != side]
        for o in opp_sides:
            for m in obs.melds[o]:
                if not m.is_canasta and m.size >= 5:
                    s += w.out_opp_near
        s += w.out_urgency * deal_urgency(kn, w)
        if w.out_early:
            s += w.out_early * kn.stock_fraction(bool(w.late_feet))
        ours = table_points(obs, side)
        theirs = max(table_points(obs, o) for o in opp_sides)
        s += w.out_lead * (ours - theirs)  # ahead on the table: ending now banks it
        # Going out that ends the game: exactly when it wins it; or when the stock is gone,
        # for then the deal, and the game with it, is about to end anyway (going out adds its bonus).
        end = self.game_end(kn, answering=False)
        if end is not None:
            go = end > w.out_game_margin or obs.stock_size == 0
        else:
            go = s > 0
        return OutWeighing(
            go,
            partner_cards,
            w.out_partner_card * partner_cards,
            tuple(near),
            near_cost,
            max(0.0, w.out_lead * (theirs - ours)),
            None if end is None else end - w.out_game_margin,
        )

    # ------------------------------------------------------------------ melding
    def best_meld(self, kn: Knowledge) -> tuple[Move | None, float]:
        obs, w = kn.obs, self.weights(kn)
        my_melds = kn.melds_by_rank(kn.side)
        urg = meld_urgency(kn, w)
        hand_n = len(obs.hand)
        best, best_score = None, float("-inf")
        frozen = obs.pile_frozen or not my_melds
        has_foot = kn.has_foot()
        for move in obs.legal:
            if move.kind is not MoveKind.MELD:
                continue
            s = self._meld_score(kn, move, urg, w, hand_n, frozen, has_foot, bool(my_melds))
            if s is not None and s > best_score:
                best, best_score = move, s
        return best, best_score

    def meld_score(
        self, kn: Knowledge, move: Move, urg: float | None = None, parts: dict[str, float] | None = None
    ) -> float | None:
        """`best_meld`'s score of one meld move, at the urgency `urg` (None: the deal's own),
        None where best_meld does not weigh it (it goes out, or strands one card). `parts`
        gathers the costs that fade as the deal presses (`group_score`): the H hint says
        when the deal's pressure decided a meld, or held one back."""
        obs, w = kn.obs, self.weights(kn)
        if urg is None:
            urg = meld_urgency(kn, w)
        mine = bool(kn.melds_by_rank(kn.side))
        frozen = obs.pile_frozen or not mine
        return self._meld_score(kn, move, urg, w, len(obs.hand), frozen, kn.has_foot(), mine, parts)

    def _meld_score(
        self,
        kn: Knowledge,
        move: Move,
        urg: float,
        w: NormalWeights,
        hand_n: int,
        frozen: bool,
        has_foot: bool,
        my_melds: bool,
        parts: dict[str, float] | None = None,
    ) -> float | None:
        left = hand_n - sum(len(g.cards) for g in move.groups)
        if left <= 1 and not has_foot:
            return None  # that would go out (or strand one card); decided elsewhere
        placed = self.placements(kn, move)
        if placed is None:
            return None
        pile = len(kn.obs.pile)
        s = 0.0
        for p in placed:
            s += self.group_score(p, urg, frozen, pile, kn, parts)
        s -= self.reserve_penalty(kn, left, move, placed)
        if not my_melds:
            s += w.open_bonus
        if has_foot and left <= 1:  # V-HF-FOOT: the hand empties (at once or by the discard)
            s += w.foot_pickup
        return s

    @staticmethod
    def placements(kn: Knowledge, move: Move) -> list[Placement] | None:
        """Where each group of a listed meld move goes. The rank-keyed variants add a group
        to the side's meld of its rank; the Samba family follows VARIANTS.md section 6
        (`game.rules.family.destination`, which `FamilyState.resolve` uses too), without
        validating again what the engine listed. None when a group of wild cards names a
        rank the side has no open group of."""
        obs = kn.obs
        if not kn.cfg.rules.meld_list:
            mine = kn.melds_by_rank(kn.side)
            out: list[Placement] = []
            for g in move.groups:
                before = mine.get(g.rank)
                after = before.plus(g.cards) if before is not None else Meld.of(g.rank, g.cards)
                out.append((before, after, g.cards))
            return out
        table = obs.melds[kn.side]
        dests: dict[Destination, list[Card]] = {}
        for gi, g in enumerate(move.groups):
            key = destination(table, g, g.cards, gi)
            if key is None:
                return None
            dests.setdefault(key, []).extend(g.cards)
        placed: list[Placement] = []
        for key, cards in dests.items():
            laid = tuple(cards)
            if isinstance(key, int):
                if key >= len(table):
                    return None
                before = table[key]
                placed.append((before, before.plus(laid), laid))
            else:
                assert isinstance(key, tuple)
                kind = key[0]
                if kind == "group":
                    assert isinstance(key[1], Rank)
                    placed.append((None, Meld.of(key[1], laid), laid))
                elif kind == "sequence":
                    placed.append((None, Meld.of(Rank.JOKER, laid, MeldKind.SEQUENCE), laid))
                else:
                    placed.append((None, Meld.of(Rank.JOKER, laid, MeldKind.WILD), laid))
        return placed

    def reserve_penalty(self, kn: Knowledge, after: int, move: Move, placed: list[Placement] | None = None) -> float:
        """A tiny hand cannot take a frozen pile and is stuck until it may go out. (`placed`:
        the move's `placements`, when the caller has them.)"""
        w = self.weights(kn)
        short = w.reserve_cards - after
        if short <= 0 or kn.has_foot():  # the foot is the reserve (V-HF-FOOT)
            return 0.0
        need = kn.cfg.canastas_to_go_out
        made = kn.canastas(kn.side) + self.canastas_made(kn, move, placed)
        per = w.reserve_cost_out if made >= need else w.reserve_cost
        return per * short

    @classmethod
    def canastas_made(cls, kn: Knowledge, move: Move, placed: list[Placement] | None = None) -> int:
        if placed is None:
            placed = cls.placements(kn, move) or []
        return sum(1 for before, after, _ in placed if after.is_canasta and (before is None or not before.is_canasta))

    def group_score(
        self,
        placed: Placement,
        urg: float,
        frozen: bool,
        pile: int,
        kn: Knowledge,
        parts: dict[str, float] | None = None,
    ) -> float:
        """A group's score (`best_meld`); `parts` adds up the costs that fade with the
        urgency: "wild" (wild cards laid without completing a canasta), "pair" (a new meld
        from a bare pair, a key to the pile), "new" (a new meld of more naturals), "mix" (a
        clean meld spoilt)."""
        w = self.weights(kn)
        m, after, cards = placed
        wn = sum(1 for c in cards if c.is_wild)
        k = len(cards) - wn
        before = m.size if m is not None else 0
        pts = sum(c.value for c in cards)
        boost = 1.0 + w.meld_urgency * urg
        s = (w.meld_card * len(cards) + w.meld_point * pts) * boost
        kind = after.kind
        if kind is not MeldKind.GROUP:  # a sequence or wild meld: closer to a samba / bolivia
            s += w.run_card * len(cards) * after.size / CANASTA_SIZE
        completes = after.size >= CANASTA_SIZE > before
        if completes:
            if kind is MeldKind.GROUP:
                s += w.canasta_natural if after.wilds == 0 else w.canasta_mixed
                if after.wilds == 0 and kn.clean_books_needed():
                    s += w.book_clean_need
            else:
                s += w.canasta_natural * after.bonus / NATURAL_CANASTA
        if wn and w.book_dirty_surplus and kind is MeldKind.GROUP and kn.clean_books_needed() and kn.dirty_books_made():
            if completes or (m is not None and m.wilds == 0):  # a dirty book, or a clean meld spoilt
                s -= w.book_dirty_surplus
        if wn:
            factor = w.wild_meld_factor if kind is MeldKind.WILD else 1.0
            if completes:
                s -= w.wild_use_canasta * wn * factor
                spare = wn - max(0, CANASTA_SIZE - before - k)  # wild cards the canasta did not need
                if w.wild_surplus and spare > 0:
                    s -= w.wild_surplus * (w.wild_use * (1.0 - urg) - w.wild_use_canasta) * spare * factor
            else:
                s -= w.wild_use * wn * (1.0 - urg) * factor
                if parts is not None:
                    parts["wild"] = parts.get("wild", 0.0) + w.wild_use * wn * (1.0 - urg) * factor
            if m is not None and m.wilds == 0 and not m.is_canasta and kind is MeldKind.GROUP:
                s -= w.mix_natural * m.naturals * (1.0 - urg)
                if parts is not None:
                    parts["mix"] = parts.get("mix", 0.0) + w.mix_natural * m.naturals * (1.0 - urg)
            if w.wild_meld_first and kind is MeldKind.GROUP and self.wild_meld_open(kn):
                s -= w.wild_meld_first * wn
        if m is None:
            pair = k == 2 and kind is MeldKind.GROUP
            cost = w.new_pair_cost if pair else w.new_meld_cost
            if frozen:
                cost = cost * w.frozen_pair_factor + w.pair_pile * pile
            s -= cost * (1.0 - urg)
            if parts is not None:
                key = "pair" if pair else "new"
                parts[key] = parts.get(key, 0.0) + cost * (1.0 - urg)
        return s

    @staticmethod
    def wild_meld_open(kn: Knowledge) -> bool:
        """Our side holds a wild meld under seven (V-BOL-WILD: wild cards may still join it)."""
        return any(m.kind is MeldKind.WILD and not m.is_canasta for m in kn.obs.melds[kn.side])

    # ------------------------------------------------------------------ discarding
    def best_discard(self, kn: Knowledge) -> Move:
        # Where melds are keyed by rank a discard's cost depends on its rank alone (its suit
        # matters only to sequences and the Samba family's takes): each rank weighed once.
        by_rank: dict[Rank, float] | None = None if kn.cfg.rules.meld_list else {}

        def cost(move: Move) -> float:
            if by_rank is None:
                return self.discard_cost(kn, move)
            card = move.card
            assert card is not None  # a discard names its card
            known = by_rank.get(card.rank)
            if known is None:
                known = by_rank[card.rank] = self.discard_cost(kn, move)
            return known

        best = first_cheapest((move, cost(move)) for move in kn.obs.legal if move.kind is MoveKind.DISCARD)
        if best is None:  # no discard listed (cannot happen with R-NO-STALL): any move
            return kn.obs.legal[0]
        return best

    def discard_cost(self, kn: Knowledge, move: Move) -> float:
        card = move.card
        assert card is not None  # a discard names its card
        return self.keep_value(kn, card) + self.danger(kn, card)

    def fits_ours(self, kn: Knowledge, card: Card) -> bool:
        """`card` (a natural) joins one of our side's melds (`run_fit`)."""
        if kn.cfg.rules.sequences and self.weights(kn).run_fit:
            return kn.fits_meld(kn.side, card)
        return card.rank in kn.melds_by_rank(kn.side)

    def keep_value(self, kn: Knowledge, card: Card) -> float:
        return self.keep_parts(kn, card)[0]

    def keep_parts(self, kn: Knowledge, card: Card) -> tuple[float, str]:
        """`keep_value` and what it counted the card as (`DiscardWeighing.kept_as`)."""
        w, obs = self.weights(kn), kn.obs
        r = card.rank
        if card.is_wild:
            keep = w.keep_wild + card.value * 0.5
            if w.wild_freeze:
                keep -= w.wild_freeze * self.safest_danger(kn)
            return keep, "wild"
        if card.is_black_three:
            keep = w.keep_black3 - w.black3_block * len(obs.pile)
            if w.black3_late:
                keep -= w.black3_late * w.value_late * black_three_cost(kn.cfg) * deal_urgency(kn, w)
            return keep, "black three"
        n = kn.hand_counts[r]
        if self.fits_ours(kn, card):
            keep, kept_as = w.keep_meld_match, "meld"
            if w.keep_run and kn.cfg.rules.sequences:
                run = kn.run_extended(kn.side, card)
                if run:
                    keep += w.keep_run * (run + 1) / CANASTA_SIZE
        elif n >= 3:
            keep, kept_as = w.keep_triple, "triple"
        elif n == 2:
            keep, kept_as = w.keep_pair, "pair"
        else:
            keep, kept_as = w.keep_single + w.single_live * kn.unseen[r], "single"
        keep += w.keep_value * card.value - w.value_late * card.value * deal_urgency(kn, w)
        return keep, kept_as

    def safest_danger(self, kn: Knowledge) -> float:
        """The least `danger` of the naturals in the hand (0 without one): what the next
        player is offered at best if a natural is thrown (`wild_freeze`)."""
        cached = self._safest
        if cached is not None and cached[0] is kn:
            return cached[1]
        naturals = {c for c in kn.obs.hand if c.is_natural}
        least = min((self.danger(kn, c) for c in naturals), default=0.0)
        self._safest = (kn, least)
        return least

    def danger(self, kn: Knowledge, card: Card) -> float:
        """Expected harm of putting `card` on the pile for the next player."""
        return self.danger_parts(kn, card)[0]

    def danger_parts(self, kn: Knowledge, card: Card) -> tuple[float, float, str, float]:
        """`danger`, and what it is made of: (danger, the chance the next player could take
        the pile with `card` on top, after what the pile shows it declined, "offered" or
        "discarded" when that lowered it (else ""), the gift a take would make their side:
        a canasta, or a meld one card short of one)."""
        if card.is_wild or card.is_black_three:
            return 0.0, 0.0, "", 0.0  # blocks the next player
        obs = kn.obs
        nxt = kn.next_player()
        if kn.cfg.side_of(nxt) == kn.side:
            return 0.0, 0.0, "", 0.0
        w = self.weights(kn)
        p = kn.p_can_take(nxt, card.rank, obs.pile_frozen, card)
        declined = ""
        if p < 1.0 and (w.danger_offered != 1.0 or w.danger_discarded != 1.0) and not three_sides_of_partners(kn.cfg):
            offered, discarded = kn.next_declined()
            if card.rank in offered:
                p *= w.danger_offered
                declined = "offered"
            elif card.rank in discarded:
                p *= w.danger_discarded
                declined = "discarded"
        harm = w.danger_base + w.danger_card * len(obs.pile)
        gift = 0.0
        if partners_classic_deal(kn.cfg):
            gift = self.canasta_gift(kn, nxt, card)
            harm += gift
        elif w.danger_gift_family and with_sequences(kn.cfg):
            gift = w.danger_gift_family * self.family_gift(kn, nxt, card)
            harm += gift
        elif w.danger_gift_alone and one_a_side(kn.cfg):
            gift = w.danger_gift_alone * self.canasta_gift(kn, nxt, card)
            harm += gift
        return p * harm, p, declined, gift

    def weigh_discard(self, kn: Knowledge, card: Card) -> DiscardWeighing:
        """`discard_cost` of discarding `card`, in its parts (the H hint says why a discard
        was chosen from them)."""
        keep, kept_as = self.keep_parts(kn, card)
        danger, p, declined, gift = self.danger_parts(kn, card)
        live = kn.unseen[card.rank] if kept_as == "single" else 0
        return DiscardWeighing(card, keep + danger, keep, kept_as, live, danger, p, declined, gift)

    def canasta_gift(self, kn: Knowledge, seat: int, card: Card) -> float:
        """What taking the pile with `card` on top would add to `seat`'s side meld of its
        rank: a canasta (its bonus, and for a side without one the right to go out), or one
        card short of one. The pile's size alone misses this: a six-card meld and a single
        card make 300 or 500 points."""
        w, obs = self.weights(kn), kn.obs
        meld = kn.melds_by_rank(kn.cfg.side_of(seat)).get(card.rank)
        if meld is None or meld.is_canasta:
            return 0.0
        # The top card, one more from the hand when a natural pair must take a frozen pile
        # (the side's own cards of the rank could be laid anyway), the same rank in the pile.
        reach = meld.size + 1 + (1 if obs.pile_frozen else 0) + kn.pile_counts[card.rank]
        if reach >= CANASTA_SIZE:
            return w.danger_canasta
        return w.danger_near if reach == CANASTA_SIZE - 1 else 0.0

    def family_gift(self, kn: Knowledge, seat: int, card: Card) -> float:
        """`canasta_gift` in Samba and Bolivia (V-SAMBA-TAKE): the top card joins one of
        `seat`'s side's melds not yet a canasta (a group of its rank, or a sequence it
        extends) when the pile is not frozen for them; a natural pair from the hand takes
        it to their group otherwise. A sequence made seven is a samba / escalera (1500)."""
        w, obs = self.weights(kn), kn.obs
        melds = obs.melds[kn.cfg.side_of(seat)]
        frozen = obs.pile_frozen or not melds
        same = sum(1 for c in obs.pile if c.rank == card.rank and c.is_natural)
        gift = 0.0
        for m in melds:
            if m.is_canasta:
                continue
            if m.kind is MeldKind.GROUP and m.rank == card.rank:
                reach = m.size + 1 + (1 if frozen else 0) + same
                factor = 1.0
            elif not frozen and m.kind is MeldKind.SEQUENCE and takes_alone(m, card):
                reach = m.size + 1
                factor = SEQUENCE_CANASTA / NATURAL_CANASTA
            else:
                continue
            if reach >= CANASTA_SIZE:
                gift = max(gift, w.danger_canasta * factor)
            elif reach == CANASTA_SIZE - 1:
                gift = max(gift, w.danger_near)
        return gift


@register("normal")
class NormalBot(Bot):
    def __init__(self, seed: int = 0, weights: NormalWeights | None = None):
        super().__init__(seed)
        self.policy = NormalPolicy(weights)

    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        move = self.policy.choose(observation, rng)
        self.last_reason = self.policy.reason
        return move
