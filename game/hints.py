"""Hints and warnings at the table, in plain words, from public information only.

    hint = make_hint(observation)            # the Normal bot's move, explained
    hint.text, hint.cards, hint.targets      # what to say, which hand cards to light
    warning = discard_risk(observation, card)  # None, or why this discard is risky

`explain(move, observation)` turns any move into a sentence or two ("Take the
pile: meld the 9♣ with your 9♠ 9♥. The pile has 7 cards."); it reads only the
Observation (the player's own hand and what everyone can see), so a hint never
leaks a hidden card. Every text is a msgid translated when it is built: build
again after a language switch (the table does, at draw time).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.bots import reasons as why
from game.bots.reasons import BotReason
from game.discard_weighings import DiscardWeighings, weigh_discards
from game.i18n import N_, CardText, _, join_and, join_sentences, sentence_gap
from game.rules import Card, GameState, Group, IllegalMove, Meld, Move, MoveKind, Observation, Phase, Rank, sort_key
from game.rules.family import open_group
from game.rules.melds import CANASTA_SIZE, MeldKind

if TYPE_CHECKING:
    from game.bots.knowledge import Knowledge
    from game.bots.normal import DiscardWeighing, OutWeighing

SUIT_SYMBOLS = "♣♦♥♠"  # clubs, diamonds, hearts, spades (Suit order)
CANASTA = 7
HINT_LEVEL = "normal"
LISTED_CARDS = 8  # a going out the hint spells out lays this many cards at most


# -- names ---------------------------------------------------------------------


def card_name(card: Card | str) -> CardText:
    """A card as players write it: "9♣", "10♦", "A♥", "joker" (a `CardText`: a sentence
    places it by the language's rule, game.i18n.place_cards)."""
    if isinstance(card, str):
        card = Card.parse(card)
    if card.rank is Rank.JOKER:
        return CardText(_("joker"))
    return CardText(f"{card.rank.symbol}{SUIT_SYMBOLS[int(card.suit)]}")  # type: ignore[arg-type]


def card_list(cards: Iterable[Card]) -> CardText:
    """Cards as players write them, the jokers counted where the first one stands ("8♠ 2
    jokers", not "8♠ joker joker": the jokers have one face); a `CardText`, placed in a
    sentence by the language's rule (game.i18n.place_cards)."""
    return CardText(" ".join(card_names(cards)))


def card_names(cards: Iterable[Card]) -> list[str]:
    """`card_list`'s words, one a card (the jokers' count one word): where a line of them
    may break (the score sheet's cards left in hand)."""
    cards = list(cards)
    jokers = sum(1 for c in cards if c.rank is Rank.JOKER)
    names: list[str] = []
    for c in cards:
        if c.rank is not Rank.JOKER:
            names.append(card_name(c))
        elif jokers == 1:
            names.append(card_name(c))
        elif jokers > 1:
            names.append(_("{n} jokers").format(n=jokers))
            jokers = 0  # the rest are counted
    return names


def rank_singular(rank: Rank) -> str:
    """A rank as a sentence names one card of it or its meld: "king", "ace", "7" ("your king
    meld", "every other 7"; the engine's English, Rank.singular, translated: Chinese writes
    the rank, "K"). Every sentence naming a rank in the singular has a {rank} placeholder
    filled by it (a test checks the calls): "your K meld" read as a symbol in English."""
    return _(rank.singular)


def rank_plural(rank: Rank) -> str:
    """A rank in the plural, as players write it: "aces", "kings", "7s", "10s" ("your pair of
    kings"; the engine's English, Rank.plural, translated: Chinese writes the rank, "K").
    Every sentence naming a rank in the plural has a {ranks} placeholder for it."""
    return _(rank.plural)


# -- hints ---------------------------------------------------------------------


@dataclass
class Hint:
    move: Move
    text: str
    cards: list[Card] = field(default_factory=list)  # physical hand cards the move uses
    # "stock", "pile", "meld:<rank>" (a classic meld), "meld#<number>" (the Samba family's), "ask"
    targets: set[str] = field(default_factory=set)
    reason: BotReason | None = None  # the bot's own why (an answer), worded for the player


def suggest(observation: Observation, seed: int = 0) -> Move:
    """The Normal bot's move for the player (never played by itself)."""
    return suggest_with_reason(observation, seed)[0]


def suggest_with_reason(observation: Observation, seed: int = 0) -> tuple[Move, BotReason | None]:
    """The Normal bot's move for the player and its reason, when it gives one (answers to
    "May I go out?", big takes: game/bots/reasons.py)."""
    legal = observation.legal
    if not legal:
        raise ValueError("the player has no move to make")
    try:
        from game.bots import make_bot

        bot = make_bot(HINT_LEVEL, seed)
        move = bot.choose(observation, random.Random(seed))
        reason = bot.explain()
    except Exception:  # noqa: BLE001 - a bot bug must not break the table: any legal move
        return legal[0], None
    return (move, reason) if move in legal else (legal[0], None)


def make_hint(observation: Observation, seed: int = 0) -> Hint:
    move, reason = suggest_with_reason(observation, seed)
    return Hint(
        move,
        explain_hint(move, observation, reason),
        hand_cards_for(move, observation.hand),
        targets_for(move, observation),
        reason,
    )


def hand_cards_for(move: Move, hand: Iterable[Card]) -> list[Card]:
    """The physical hand cards a move names (moves name faces; copies are picked in order)."""
    if move.kind is MoveKind.DISCARD:
        faces = [move.card]
    elif move.kind in (MoveKind.MELD, MoveKind.TAKE):
        faces = [c for g in move.groups for c in g.cards]
    else:
        return []
    left = list(hand)
    chosen: list[Card] = []
    for face in faces:
        for card in left:
            if card.face == face.face:  # type: ignore[union-attr]
                chosen.append(card)
                left.remove(card)
                break
    return chosen


def targets_for(move: Move, obs: Observation | None = None) -> set[str]:
    """What a hint rings: the stock, the pile, the melds a meld move adds to, the ask button.
    In the Samba family a meld is named by its number (`+N:`, or the open group of the rank)."""
    kind = move.kind
    if kind is MoveKind.DRAW:
        return {"stock"}
    if kind in (MoveKind.TAKE, MoveKind.DISCARD):
        onto = move.groups[0].target if kind is MoveKind.TAKE and move.groups else None
        return {"pile"} if onto is None else {"pile", f"meld#{onto}"}
    if kind is MoveKind.MELD:
        if obs is None or not obs.config.rules.meld_list:
            return {f"meld:{g.rank.symbol}" for g in move.groups}
        numbers = [_meld_number(g, obs) for g in move.groups]
        return {f"meld#{n}" for n in numbers if n is not None}
    if kind is MoveKind.ASK:
        return {"ask"}
    return set()


def _meld_number(group: Group, obs: Observation) -> int | None:
    """The Samba family: the number of the meld `group` goes onto (None: a new meld)."""
    if group.target is not None:
        return group.target
    if group.is_run or group.wild_only and group.rank is Rank.JOKER:
        return None
    return open_group(obs.melds[obs.side], group.rank)


def meld_name(meld: Meld, obs: Observation) -> str:
    """A meld of the Samba family in words: "your 5♥–8♥ sequence", "your meld of 9s",
    "your wild meld"."""
    if meld.kind is MeldKind.SEQUENCE:
        return _("your {low}–{high} sequence").format(low=card_name(meld.cards[0]), high=card_name(meld.cards[-1]))
    if meld.kind is MeldKind.WILD:
        return _("your wild meld")
    same = [m for m in obs.melds[obs.side] if m.kind is MeldKind.GROUP and m.rank == meld.rank]
    if len(same) > 1 and meld.size >= CANASTA_SIZE:
        return _("your canasta of {ranks}").format(ranks=rank_plural(meld.rank))
    return _("your meld of {ranks}").format(ranks=rank_plural(meld.rank))


# The Normal bot's reasons for an answer, said to the player who is asked (the bot's own
# words are its, in the first person: "I hold only 2 cards: little would count against us.").
ANSWER_HINTS = {
    why.YES_SINGLE_CARD: N_("Answer yes: you hold a single card."),
    why.YES_FEW_CARDS: N_("Answer yes: you hold only {cards} cards, so little would count against your side."),
    why.YES_FEW_TO_MELD: N_("Answer yes: another turn would let you meld only {points} points of your {cards} cards."),
    why.YES_NONE_TO_MELD: N_("Answer yes: another turn would not let you meld any of your {cards} cards."),
    why.YES_STOCK_LOW: N_("Answer yes: the stock is nearly gone."),
    why.YES_STOCK_DOWN: N_("Answer yes: the stock is down to {cards} cards, about {turns} more turns each."),
    why.YES_THREAT: N_("Answer yes: the opponents are close to going out."),
    why.YES_LITTLE_TO_MELD: N_("Answer yes: little of your hand could still be melded."),
    why.NO_POINTS: N_("Answer no: you hold {points} points you can still meld."),
    why.NO_CARDS: N_("Answer no: you still hold {cards} cards to build with."),
    why.NO_CANASTAS: N_("Answer no: your side is close to more canastas."),
    why.YES_GAME_WON: N_("Answer yes: going out now wins the game."),
    why.NO_GAME_LOST: N_("Answer no: going out now would end the game with your side behind."),
}


def explain_hint(move: Move, obs: Observation, reason: BotReason | None = None) -> str:
    """The H hint's words: `explain`, and where the player could go out this turn but is
    advised to play on, that going out was possible and what speaks against it (the
    Normal bot's own weighing: game/bots/normal.py `weigh_going_out`)."""
    declined = _going_out_declined(move, obs)
    return join_sentences([explain(move, obs, reason), declined or _pressure_note(move, obs)])


def _pressure_note(move: Move, obs: Observation) -> str:
    """Where the deal's pressure decided the hint's meld, or held one back (Normal's
    `best_meld`: the costs of laying wild cards, opening a meld with a bare pair ... fade as
    the deal presses, `urgency`): a meld laid only because an opponent could go out soon or
    the stock is running low says so; a discard where Normal would meld were the deal
    pressing says that nothing presses yet, and what keeping the cards is worth. '' where
    the pressure did not decide (the meld is laid either way, or kept either way)."""
    if obs.phase is not Phase.MELD or obs.this_turn.answer is True or _goes_out(move, obs):
        return ""
    if move.kind not in (MoveKind.MELD, MoveKind.DISCARD):
        return ""
    try:
        from game.bots.knowledge import Knowledge
        from game.bots.normal import NormalPolicy, deal_urgency, lateness, threat

        kn, policy = Knowledge(obs), NormalPolicy()
        w = policy.weights(kn)
        if move.kind is MoveKind.MELD:
            now, calm = policy.meld_score(kn, move), policy.meld_score(kn, move, 0.0)
            if now is None or calm is None or now <= 0 or calm > 0:
                return ""
            pressed_now = policy.meld_score(kn, move, deal_urgency(kn, w))
            if pressed_now is None or pressed_now <= 0:
                return ""  # (laid for Hand and Foot's eagerness to meld, `eagerness`: nothing presses)
            level = threat(kn, w.threat_foot, w.threat_books)  # (Normal's own measure, stops 52-53)
            if level * w.threat_scale >= lateness(kn, w.late_feet):
                return _threat_note(kn, obs, level, w.threat_foot, w.threat_books)
            if lateness(kn, w.late_feet) < CALM:  # (a stock past half is no pressure a player sees:
                return ""  # "down to 61 cards: meld while you can" of Samba's 101, stop 52's proof-read)
            return _("The stock is down to {n} cards: meld while you can.").format(n=obs.stock_size)
        best, score = policy.best_meld(kn)
        if best is None or score > 0:
            return ""
        pressed: tuple[float, Move] | None = None
        for meld in obs.legal:
            if meld.kind is MoveKind.MELD:
                full = policy.meld_score(kn, meld, 1.0)
                if full is not None and full > 0 and (pressed is None or full > pressed[0]):
                    pressed = (full, meld)
        if pressed is None:
            return ""
        held = pressed[1]
        if move.card is not None and any(c.face == move.card.face for g in held.groups for c in g.cards):
            return ""  # ("keep" a card the hint discards: the meld is not what is held back)
        parts: dict[str, float] = {}
        policy.meld_score(kn, held, None, parts)
        urg = deal_urgency(kn, w)
    except Exception:  # noqa: BLE001 - a bot bug must not break the hint: say nothing more
        return ""
    return _held_back(held, parts, obs, urg)


def _threat_note(kn: Knowledge, obs: Observation, level: float, foot: float = 1.0, books: float = 1.0) -> str:
    """The opponents (a side, or a player alone) closest to going out, as `threat` measures
    it (`seat_threat`, with Normal's `threat_foot` and `threat_books`): their canastas enough
    to go out (Hand and Foot: the quota of books; few cards left counts more), or a canasta
    short with five cards or fewer."""
    from game.bots.normal import seat_threat

    for s in kn.opponents():
        if _foot_down(obs, s):  # (Hand and Foot: an empty hand picks up the foot, V-HF-FOOT: no going out)
            continue
        side_of = kn.cfg.side_of(s)
        short = kn.books_short(side_of) if books else max(0, kn.cfg.canastas_to_go_out - kn.canastas(side_of))
        found = seat_threat(kn, s, foot, books)
        if found > 0 and found >= level:
            side = side_words(obs, side_of)
            if short == 0:
                return _("{side} could go out soon: meld while you can.").format(side=side)
            if kn.cfg.rules.books_quota != (0, 0):  # Hand and Foot: its canastas are books (V-HF-BOOKS)
                return _("{side} could go out after one more book: meld while you can.").format(side=side)
            return _("{side} could go out after one more canasta: meld while you can.").format(side=side)
    return ""


def side_words(obs: Observation, side: int) -> str:
    """A side by its players' names as the table gives them ("West & East"; a player alone by
    name), braces escaped for a later format."""
    seat_name = _SEAT_NAME.get()
    seats = [s for s in obs.config.seats_of_side(side) if s != obs.out]  # (five-hand: not the one sitting out)
    names = [seat_name(s) if seat_name is not None else _(obs.config.rules.seat_names[s]) for s in seats]
    if not obs.config.partnerships:
        names = names[:1]
    return join_and(names)  # "West & East", "South-west, North & South-east"; Chinese lists names with 、


def _foot_down(obs: Observation, seat: int) -> bool:
    """Hand and Foot: `seat` has not picked up its foot yet (its hand emptied, it picks the foot
    up and plays on: it cannot go out this turn, V-HF-FOOT)."""
    return bool(obs.feet) and obs.feet[seat] is not None


def _close_opponent(obs: Observation) -> bool:
    """An opponent playing this deal holds 3 cards or fewer (its foot picked up, Hand and
    Foot): where the player sees the deal pressing, whatever Normal's urgency makes of it."""
    order = obs.config.play_order(obs.out)
    return any(obs.config.side_of(s) != obs.side and obs.hand_sizes[s] <= 3 and not _foot_down(obs, s) for s in order)


# What keeping a meld back is worth while nothing presses (Normal's costs that fade as the
# deal presses: `NormalPolicy.group_score`'s parts), the weightiest said.
_HELD_BACK = {
    "wild": N_("Keep {cards}: wild cards are worth more kept for a canasta."),
    "wild book": N_("Keep {cards}: wild cards are worth more kept for a book."),  # Hand and Foot
    # A bare pair held with the wild cards that would meld it: each part's own reason.
    "wild and pair": N_(
        "Keep {cards}: your pair of {ranks} is a key to the pile, and wild cards are worth more kept for a canasta."
    ),
    "wild book and pair": N_(
        "Keep {cards}: your pair of {ranks} is a key to the pile, and wild cards are worth more kept for a book."
    ),
    "pair": N_("Keep {cards}: your pair of {ranks} is a key to the pile."),
    "new": N_("Keep {cards}: kept, they hide your hand."),
    "mix": N_("Keep {cards}: wild cards would spoil a clean meld."),  # (no one meld to name)
}
# "mix": wild cards onto a meld of ours that has none yet (Normal's `mix_natural`), said of
# the meld by name with what they would cost it, in the variant's words: a mixed canasta, a
# dirty book. The wild cards alone are named: "Keep 7♠ 2♣: wild cards would spoil a clean
# meld." named a natural card no wild card spoils, and a clean meld is no classic term (stop 60).
_SPOILT = {
    "alone": N_("Keep {cards}: any wild card on your {rank} meld would make its canasta mixed, not natural."),
    "side": N_("Keep {cards}: any wild card on your side's {rank} meld would make its canasta mixed, not natural."),
    "listed": N_("Keep {cards}: any wild card on your meld of {ranks} would make its canasta mixed, not natural."),
    "book": N_("Keep {cards}: any wild card on your meld of {ranks} would make its book dirty, not clean."),
}
CALM = 0.25  # below this urgency "Nothing presses yet."


def _held_back(held: Move, parts: dict[str, float], obs: Observation, urg: float) -> str:
    if not parts:
        return ""
    why = max(parts, key=lambda k: parts[k])
    cards = [c for g in held.groups for c in g.cards]
    if len(cards) > LISTED_CARDS:
        return ""
    ours = {m.rank for m in obs.melds[obs.side] if m.kind is MeldKind.GROUP}
    pair = next(
        (g.rank for g in held.groups if g.rank not in ours and sum(1 for c in g.cards if c.is_natural) == 2), None
    )
    if why == "pair" and pair is None:
        return ""
    rules = obs.config.rules
    if why == "wild" and (rules.books_quota != (0, 0) or rules.group_max):
        why = "wild book"
    wilds = [c for c in cards if c.is_wild]
    if why in ("wild", "wild book") and len(wilds) < len(cards):
        # (naturals named in a reason about wild cards: "Keep 5♦ 5♠ 2♣ 2♥: wild cards are
        # worth more kept ...", stop 59's play-test) A bare pair says its own reason beside
        # theirs; other naturals are left unnamed (they are not what the reason is about).
        if pair is not None and parts.get("pair", 0.0) > 0:
            why += " and pair"
        else:
            cards = wilds
    if why == "mix":
        keep = _spoilt(held, obs)
    else:
        keep = _(_HELD_BACK[why]).format(cards=card_list(cards), ranks=rank_plural(pair) if pair is not None else "")
    if _close_opponent(obs):  # ("Nothing presses enough yet." with West and East at a card each: stop 52)
        return keep
    calm = _("Nothing presses yet.") if urg < CALM else _("Nothing presses enough yet.")
    return join_sentences([calm, keep])


def _spoilt(held: Move, obs: Observation) -> str:
    """Why `held`'s wild cards are kept off a meld of ours that has none yet ("mix"): the
    meld they would join, by name, and what it would then become; the wild cards named, not
    the naturals laid with them."""
    rules = obs.config.rules
    ours = obs.melds[obs.side]
    spoilt: set[Rank] = set()
    for group in held.groups:
        if not any(c.is_wild for c in group.cards):
            continue
        if group.target is not None:
            meld = ours[group.target] if group.target < len(ours) else None
        elif rules.meld_list:
            index = open_group(ours, group.rank)
            meld = ours[index] if index is not None else None
        else:
            meld = next((m for m in ours if m.kind is MeldKind.GROUP and m.rank == group.rank), None)
        if meld is not None and meld.kind is MeldKind.GROUP and meld.wilds == 0 and meld.size < CANASTA_SIZE:
            spoilt.add(meld.rank)
    cards = card_list(c for g in held.groups for c in g.cards if c.is_wild)
    if len(spoilt) != 1:
        return _(_HELD_BACK["mix"]).format(cards=cards)
    (rank,) = spoilt
    if rules.books_quota != (0, 0) or rules.group_max:  # Hand and Foot: a book, clean or dirty (V-HF-BOOKS)
        text = _(_SPOILT["book"])
    elif rules.meld_list:
        text = _(_SPOILT["listed"])
    else:
        text = alone_or_side(obs, _SPOILT["alone"], _SPOILT["side"])
    return text.format(cards=cards, rank=rank_singular(rank), ranks=rank_plural(rank))


def _goes_out(move: Move, obs: Observation) -> bool:
    """`move` goes out, or is a step of going out: asking first, laying all the hand but
    a card or none (the last card is then discarded), discarding the last card."""
    if move.kind is MoveKind.ASK:
        return True
    if move.kind is MoveKind.MELD:
        return len(obs.hand) - sum(len(g.cards) for g in move.groups) <= 1
    return move.kind is MoveKind.DISCARD and len(obs.hand) == 1


def _going_out_declined(move: Move, obs: Observation) -> str:
    """'' unless the player could go out this turn and the hint plays on instead: then that
    going out was possible, how, and why Normal would not (the costs it weighed)."""
    if obs.phase is not Phase.MELD or obs.this_turn.answer is not None or _goes_out(move, obs):
        return ""
    try:
        from game.bots.knowledge import Knowledge
        from game.bots.normal import NormalPolicy

        kn = Knowledge(obs)
        plan = kn.go_out_plan()
        if plan is None:
            return ""
        weighing = NormalPolicy().weigh_going_out(kn, plan)
    except Exception:  # noqa: BLE001 - a bot bug must not break the hint: say nothing more
        return ""
    if weighing.go:
        return ""
    groups, discard = plan
    laid = [c for g in groups for c in g.cards]
    cards = card_list(laid)
    if kn.must_ask():  # Hand and Foot: going out waits for the partner's yes (V-HF-OUT)
        how = _("You could ask your partner “May I go out?” now, but playing on is worth more.")
    elif len(laid) > LISTED_CARDS:  # (a Samba hand of thirty: the cards are not worth listing)
        how = _("You could go out this turn, but playing on is worth more.")
    elif groups and discard is not None:
        how = _("You could go out this turn by laying {cards} and discarding the {card}, but playing on is worth more.")
    elif groups:
        how = _("You could go out this turn by laying {cards}, but playing on is worth more.")
    elif discard is not None:
        how = _("You could go out this turn by discarding the {card}, but playing on is worth more.")
    else:
        return ""
    how = how.format(cards=cards, card=card_name(discard) if discard is not None else "")
    return join_sentences([how, *_why_play_on(weighing, obs)])


def _why_play_on(weighing: OutWeighing, obs: Observation) -> list[str]:
    """What spoke against going out, the weightiest first (at most two): the game it would
    end behind, the partner's cards caught, our melds left short of canastas, the
    opponents' lead."""
    if weighing.game_margin is not None and weighing.game_margin <= 0:
        return [
            alone_or_side(
                obs,
                N_("Going out now would end the game with you behind."),
                N_("Going out now would end the game with your side behind."),
            )
        ]
    costs: list[tuple[float, str]] = []
    if weighing.partner_cards:
        n = weighing.partner_cards
        several = len(obs.config.seats_of_side(obs.side)) > 2
        if several:
            text = _("Your partners' {n} cards would count against your side.")
        elif n == 1:
            text = _("Your partner's 1 card would count against your side.")
        else:
            text = _("Your partner's {n} cards would count against your side.")
        costs.append((weighing.partner_cost, text.format(n=n)))
    if weighing.near:
        costs.append((weighing.near_cost, _near_canastas(weighing.near, obs)))
    if weighing.behind_cost:
        ahead = _("The opponents have more points on the table: going out now would end the deal with them ahead.")
        costs.append((weighing.behind_cost, ahead))
    costs.sort(key=lambda cost: -cost[0])
    top = costs[0][0] if costs else 0.0
    return [text for cost, text in costs[:2] if cost >= top / 2]


def _near_canastas(sized: tuple[tuple[Meld, int], ...], obs: Observation) -> str:
    """Our melds a going out would leave short of a canasta, in words: those a card or two
    short, when there are any."""
    close = [m for m, size in sized if size >= CANASTA_SIZE - 2]
    near = close or [m for m, _size in sized]
    ranks = [m.rank for m in near if m.kind is MeldKind.GROUP]
    if obs.config.rules.group_max:  # Hand and Foot: a meld of seven is a book (V-HF-BOOKS)
        if len(near) == 1:
            return _("One of your side's melds is close to a book.")
        return _("{n} of your side's melds are close to books.").format(n=len(near))
    if obs.config.rules.meld_list or len(ranks) != len(near):  # sequences, wild melds: named by number
        if len(near) == 1:
            return alone_or_side(
                obs,
                N_("One of your melds is close to a canasta."),
                N_("One of your side's melds is close to a canasta."),
            )
        return alone_or_side(
            obs,
            N_("{n} of your melds are close to canastas."),
            N_("{n} of your side's melds are close to canastas."),
        ).format(n=len(near))
    if len(ranks) == 1:
        return alone_or_side(
            obs,
            N_("Your {rank} meld is close to a canasta."),
            N_("Your side's {rank} meld is close to a canasta."),
        ).format(rank=rank_singular(ranks[0]))
    return alone_or_side(  # (the ranks as names are listed: "7s, 9s & kings"; Chinese 7、9、K)
        obs,
        N_("Your melds of {ranks} are close to canastas."),
        N_("Your side's melds of {ranks} are close to canastas."),
    ).format(ranks=join_and(rank_plural(r) for r in sorted(ranks)))


def explain(move: Move, obs: Observation, reason: BotReason | None = None) -> str:
    """`move` for the player of `obs`, in plain words (current language); an answer with the
    bot's `reason` for it says that reason."""
    kind = move.kind
    if kind in (MoveKind.YES, MoveKind.NO) and reason is not None and reason.msgid in ANSWER_HINTS:
        return _(ANSWER_HINTS[reason.msgid]).format(**dict(reason.args))
    if kind is MoveKind.DRAW:
        return _explain_draw(obs)
    if kind is MoveKind.TAKE:
        return _explain_take(move, obs)
    if kind is MoveKind.MELD:
        return _explain_meld(move, obs)
    if kind is MoveKind.DISCARD:
        return _explain_discard(move.card, obs)  # type: ignore[arg-type]
    if kind is MoveKind.ASK:
        return _explain_ask(obs)
    value = sum(obs.config.rules.held_cost(c) for c in obs.hand)  # (V-BOL-BLACK3: a black three 100)
    if kind is MoveKind.YES:
        return _("Answer yes: you hold {n} cards worth only {points} points.").format(n=len(obs.hand), points=value)
    if kind is MoveKind.NO:
        return _("Answer no: you still hold {n} cards worth {points} points that could be melded.").format(
            n=len(obs.hand), points=value
        )
    if any(m.kind is MoveKind.TAKE for m in obs.legal):  # R-EXHAUSTED: a take may be declined
        return _("Pass: the stock is empty and the pile is not worth taking, so the deal ends.")
    return _("Pass: the stock is empty and you cannot take the pile, so the deal ends.")


def costly_reason(made: Move, advice: Move, obs: Observation) -> str:
    """Why a move the review found costly may have lost points, from what the player saw:
    a discard that could hand the next player the pile (or be laid off instead) says so, and a
    discard from a natural pair (threes never take the pile) says it was a pair, and a safe
    single discarded where Hard would discard another safe card says that nothing the player
    saw told the two apart; else the better move is explained as the H hint would explain it
    (the search's own reason is its playouts: no sentence to quote)."""
    if made.kind is MoveKind.DISCARD and made.card is not None:
        risk = discard_risk(obs, made.card)
        if risk is not None:
            return risk.text
        card = made.card
        if advice.kind is MoveKind.DISCARD and card.is_natural and sum(c.rank == card.rank for c in obs.hand) >= 2:
            pair = _("The {card} was one of a pair in your hand, and a natural pair can take the pile.")
            return join_sentences([pair.format(card=card_name(card)), _explain_advice(advice, obs)])
        if advice.kind is MoveKind.DISCARD and advice.card is not None and _safe_single(obs, card, advice.card):
            # Play-test (stop 52): "Discard the 10♠. It pairs with nothing in your hand. The next
            # player's side has no meld of 10s." under the player's 7♦, of which the same was
            # true: nothing the player could see told the two apart, and the line said so.
            alike = _(
                "From what you could see, your {card} was a safe discard too: the difference comes from "
                "how Hard's sampled deals played out."
            )
            return alike.format(card=card_name(card))  # (the hint's words for the better card: as true of it)
    return _explain_advice(advice, obs)


def _safe_single(obs: Observation, card: Card, better: Card) -> bool:
    """A discard of `card` that the table showed as safe as Hard's `better` one: `card` a
    single natural card of the hand (no pair broken), and neither card one to lay off, one the
    next opponent's melds take or one its pick-ups want (`discard_risk`). What then tells them
    apart is Hard's playouts alone: no sentence of the hint's says why one was better."""
    if card == better or obs.phase is not Phase.MELD or next_opponent(obs) is None:
        return False
    if sum(h.rank == card.rank for h in obs.hand) != 1:
        return False
    for c in (card, better):
        if not c.is_natural or c.is_black_three or discard_risk(obs, c) is not None:
            return False  # (a wild card, a black three; a lay-off, a take, the next player's pick-ups)
    return True


def _explain_advice(advice: Move, obs: Observation) -> str:
    """The better move explained as the hint would, less what speaks against it: a discard's
    own risk ("they could take the pile with your Q♣") read, under "points lost", as a case
    against the advice (the hint says it to warn the player who is about to make it)."""
    if advice.kind is MoveKind.DISCARD and advice.card is not None:
        return _explain_discard(advice.card, obs, warn=False)
    return explain(advice, obs)


def _explain_ask(obs: Observation) -> str:
    """Whom to ask and why; in a side of three (six-hand-2x3: V-SIX-ASK) the partner who
    plays next is asked, and the other partner's cards count against the side too."""
    config = obs.config
    asked = config.partner_of(obs.seat)
    others = [seat for seat in config.seats_of_side(obs.side) if seat not in (obs.seat, asked)]
    if not config.rules.ask_next_partner or not others:
        return _("Ask your partner “May I go out?”: you can go out this turn.")
    cards = sum(obs.hand_sizes[seat] for seat in others)
    counts = (
        _("Your other partner's 1 card counts against us too if you go out.")
        if cards == 1
        else _("Your other partner's {n} cards count against us too if you go out.").format(n=cards)
    )
    return join_sentences([_("Ask your partner who plays next “May I go out?”: you can go out this turn."), counts])


def _melds(obs: Observation, side: int) -> dict[Rank, object]:
    return {m.rank: m for m in obs.melds[side]}


def _explain_draw(obs: Observation) -> str:
    pile = obs.pile
    if not pile:
        return _("Draw from the stock: the pile is empty.")
    top = pile[-1]
    if top.is_wild or top.is_black_three:
        return _("Draw from the stock: the {card} on top blocks the pile.").format(card=card_name(top))
    if any(m.kind is MoveKind.TAKE for m in obs.legal):
        if len(pile) == 1:
            return _("Draw from the stock: the pile (1 card) is not worth taking now.")
        return _("Draw from the stock: the pile ({n} cards) is not worth taking now.").format(n=len(pile))
    refusal = _take_refusal(obs, top)
    if refusal is not None:  # a take the player could try: the engine's own reason it may not
        return _("Draw from the stock: you may not take the pile. {reason}").format(reason=refusal)
    frozen = obs.pile_frozen or not obs.melds[obs.side]
    if frozen and obs.config.rules.freezes:
        return alone_or_side(
            obs,
            N_("Draw from the stock: the pile is frozen, and you cannot meld the {card} with a natural pair."),
            N_(
                "Draw from the stock: the pile is frozen, and you cannot meld the {card} with a natural pair "
                "for your side."
            ),
        ).format(card=card_name(top))
    if obs.config.rules.meld_list:
        return _family_draw(obs, top)
    return _("Draw from the stock: you cannot meld the {card} on top of the pile.").format(card=card_name(top))


def _family_draw(obs: Observation, top: Card) -> str:
    """Why the Samba family's pile may not be taken, by its own rule: a natural pair from
    the hand, or (Samba, Bolivia) the top card added to a meld that is not yet a canasta
    (V-SAMBA-TAKE, V-HF-TAKE). "You cannot meld the 5♦" was false where the 5♦ fits our meld
    of 5s in Hand and Foot, or our canasta of 5s in Samba."""
    args = {"card": card_name(top), "ranks": rank_plural(top.rank)}
    if sum(1 for c in obs.hand if c.is_natural and c.rank == top.rank) >= 2:  # (refused: _take_refusal)
        return _("Draw from the stock: you cannot meld the {card} on top of the pile.").format(**args)
    if not obs.config.rules.take_onto_meld:  # Hand and Foot: a natural pair, nothing else
        return _(
            "Draw from the stock: only a natural pair from your hand takes the pile, and you hold no pair of {ranks}."
        ).format(**args)
    if any(_fits(m, top, obs) for m in obs.melds[obs.side]):  # (a canasta of the rank: none open)
        return _(
            "Draw from the stock: you hold no natural pair of {ranks}, and the {card} fits only a canasta, "
            "which takes no card from the pile."
        ).format(**args)
    return _(
        "Draw from the stock: you hold no natural pair of {ranks}, and the {card} fits no meld of your side "
        "that is not yet a canasta."
    ).format(**args)


def alone_or_side(obs: Observation, alone: str, side: str) -> str:
    """`alone` (a msgid) where each player is a side of one (two-hand, three-hand: "your
    melds"), else `side` ("your side's melds"), translated."""
    return _(side) if obs.config.partnerships else _(alone)


# The names the table gives the seats (a person's typed name, "Player 2"), while a hint is
# worded for it (`naming`); else the rules' seat names ("West").
_SEAT_NAME: ContextVar[Callable[[int], str] | None] = ContextVar("hint_seat_name", default=None)


@contextmanager
def naming(seat_name: Callable[[int], str]) -> Iterator[None]:
    """Word the hints inside the block with the table's names of the seats."""
    token = _SEAT_NAME.set(seat_name)
    try:
        yield
    finally:
        _SEAT_NAME.reset(token)


def next_player_name(obs: Observation, seat: int) -> str | None:
    """The next player by name, where the hint names them: three-hand, where each of two
    opponents plays alone ("the next player" left the player to work out West or East).
    None elsewhere: two-hand has one other player, and partners' melds are their side's."""
    if obs.config.partnerships or obs.config.players < 3:
        return None
    seat_name = _SEAT_NAME.get()
    name = seat_name(seat) if seat_name is not None else _(obs.config.rules.seat_names[seat])
    return name.replace("{", "{{").replace("}", "}}")  # (the caller formats the rest)


def of_next(obs: Observation, seat: int, msgid: str, named: str, side: str | None = None) -> str:
    """A sentence about the next player (`seat`), translated, to be formatted: `msgid` ("the
    next player"), `side` where partners meld together ("the next player's side"), or where
    the player is named (three-hand) `named`, its {seat} filled in."""
    if side is not None and obs.config.partnerships:
        return _(side)
    name = next_player_name(obs, seat)
    if name is None:
        return _(msgid)
    return _(named).replace("{seat}", name)


def _take_refusal(obs: Observation, top: Card) -> str | None:
    """Why the take a player would try is refused, in words (why_not): with a natural pair of
    the top card's rank from the hand, else (classic) onto the side's meld of its rank. None
    when the hand offers no such take (the generic sentences say why), or it is accepted."""
    from game.why_not import reason_text, rule_explanation

    pair = [c for c in obs.hand if c.is_natural and c.rank == top.rank][:2]
    if len(pair) == 2:
        move = Move.take(Group.of(pair, top.rank))
    elif not obs.config.rules.meld_list and top.rank in _melds(obs, obs.side):
        move = Move.take()
    else:
        return None
    try:
        _pseudo_state(obs).apply(move)
    except IllegalMove as error:
        return reason_text(error, obs.config.rules) or rule_explanation(error.rule, obs.config.rules) or None
    except ValueError:
        return None
    return None


def _explain_take(move: Move, obs: Observation) -> str:
    top = obs.pile[-1]
    own = move.take_cards
    onto = move.groups[0].target if move.groups else None
    melds = obs.melds[obs.side]
    joins = open_group(melds, top.rank) if own and obs.config.rules.meld_list else None
    if joins is not None:  # the pair and the top card join our open group of the rank (section 6)
        old = melds[joins]
        text = _("Take the pile: add the {top} and your {cards} to {meld}.").format(
            top=card_name(top), cards=card_list(own), meld=meld_name(old, obs)
        )
        if old.size < CANASTA <= old.size + 1 + len(own):
            text += sentence_gap() + _made(old.kind, old.rank, (*old.cards, top, *own), obs)
    elif own:
        text = _("Take the pile: meld the {top} with your {cards}.").format(top=card_name(top), cards=card_list(own))
    elif onto is not None and onto < len(melds):
        text = _("Take the pile: add the {top} to {meld}.").format(top=card_name(top), meld=meld_name(melds[onto], obs))
    else:
        text = alone_or_side(
            obs,
            N_("Take the pile: add the {top} to your {rank} meld."),
            N_("Take the pile: add the {top} to your side's {rank} meld."),
        ).format(top=card_name(top), rank=rank_singular(top.rank))
    take_next = obs.config.rules.take_next
    if take_next:  # Hand and Foot: the top card and the next six come, the rest stays
        others = len(obs.pile) - 1
        if others > take_next:
            text += sentence_gap() + _("You take the next {n} cards of the pile; the rest stays.").format(n=take_next)
        elif others == 1:  # (a pile of one card brings no other: nothing to say)
            text += sentence_gap() + _("You take the other card of the pile too.")
        elif others > 1:
            text += sentence_gap() + _("You take the other {n} cards of the pile too.").format(n=others)
        return text + _laid_with(move, obs)
    wilds = sum(1 for c in obs.pile if c.is_wild)
    if wilds:
        text += sentence_gap() + _("The pile has {n} cards, {w} of them wild.").format(n=len(obs.pile), w=wilds)
    elif len(obs.pile) == 1:
        text += sentence_gap() + _("The pile has 1 card.")
    else:
        text += sentence_gap() + _("The pile has {n} cards.").format(n=len(obs.pile))
    return text + _laid_with(move, obs)


def _laid_with(move: Move, obs: Observation) -> str:
    """The groups a take lays besides its own (to reach the minimum, say)."""
    extra = move.laid_groups
    if not extra:
        return ""
    cards = CardText(" · ".join(card_list(g.cards) for g in extra))
    if obs.melds[obs.side]:
        return sentence_gap() + _("Lay {cards} with it.").format(cards=cards)
    minimum = _pseudo_state(obs).minimum(obs.side)
    return sentence_gap() + _("Lay {cards} with it to reach your minimum of {minimum}.").format(
        cards=cards, minimum=minimum
    )


def _explain_meld(move: Move, obs: Observation) -> str:
    if obs.config.rules.meld_list:
        return _explain_listed_meld(move, obs)
    melds = _melds(obs, obs.side)
    laid = sum(len(g.cards) for g in move.groups)
    parts: list[str] = []
    if laid == len(obs.hand):
        parts.append(_("Go out by melding your last cards."))
    parts.append(_one_card_left(move, obs))
    for group in move.groups:
        old = melds.get(group.rank)
        if old is not None:
            parts.append(
                alone_or_side(
                    obs, N_("Add {cards} to your {rank} meld."), N_("Add {cards} to your side's {rank} meld.")
                ).format(cards=card_list(group.cards), rank=rank_singular(group.rank))
            )
            before = old.size  # type: ignore[attr-defined]
        else:
            parts.append(_("Meld {cards}.").format(cards=card_list(group.cards)))
            before = 0
        if before < CANASTA <= before + len(group.cards):
            parts.append(_("That makes a canasta of {ranks}!").format(ranks=rank_plural(group.rank)))
    if not melds:
        parts.append(_first_meld_count(move, obs))
    return join_sentences(parts)


def _one_card_left(move: Move, obs: Observation) -> str:
    """A meld that leaves a single card: its discard goes out (or, Hand and Foot's foot still
    down, picks up the foot), which the meld alone does not say."""
    if len(obs.hand) - sum(len(g.cards) for g in move.groups) != 1:
        return ""
    left = list(obs.hand)
    for card in hand_cards_for(move, obs.hand):
        left.remove(card)
    name = card_name(left[0])
    if obs.config.rules.foot and obs.this_turn.answer is not True:  # V-HF-FOOT: the foot comes next
        return _("Lay these cards, then discard the {card} and pick up your foot.").format(card=name)
    return _("Go out: lay these cards, then discard the {card}.").format(card=name)


def _explain_listed_meld(move: Move, obs: Observation) -> str:
    """A meld of the Samba family: new groups, sequences and wild melds, or cards added to
    a meld named by its number; what it makes (a canasta, a samba, a book ...)."""
    melds = obs.melds[obs.side]
    rules = obs.config.rules
    parts: list[str] = []
    if sum(len(g.cards) for g in move.groups) == len(obs.hand):
        if rules.foot and obs.this_turn.answer is not True:  # V-HF-FOOT: going out needs a yes first
            parts.append(_("Meld your whole hand: you pick up your foot and play on."))
        else:
            parts.append(_("Go out by melding your last cards."))
    parts.append(_one_card_left(move, obs))
    for group in move.groups:
        number = _meld_number(group, obs)
        cards = card_list(group.cards)
        # The meld's rank: wild cards added to a meld name no rank of their own (a 2♥ onto
        # the Js made "a canasta of JKs").
        rank = group.rank
        if number is not None and number < len(melds):
            old = melds[number]
            parts.append(_("Add {cards} to {meld}.").format(cards=cards, meld=meld_name(old, obs)))
            before, kind, rank, held = old.size, old.kind, old.rank, old.cards
        elif group.is_run:
            parts.append(_("Meld the sequence {cards}.").format(cards=cards))
            before, kind, held = 0, MeldKind.SEQUENCE, ()
        elif group.wild_only:
            parts.append(_("Meld the wild cards {cards} on their own.").format(cards=cards))
            before, kind, held = 0, MeldKind.WILD, ()
        else:
            parts.append(_("Meld {cards}.").format(cards=cards))
            before, kind, held = 0, MeldKind.GROUP, ()
        if before < CANASTA <= before + len(group.cards):
            parts.append(_made(kind, rank, (*held, *group.cards), obs))
    if not melds:
        parts.append(_first_meld_count(move, obs))
    return join_sentences(parts)


def _made(kind: MeldKind, rank: Rank, cards: Iterable[Card], obs: Observation) -> str:
    """The canasta a meld of the Samba family becomes, of `cards` (all of it): a samba or an
    escalera, a bolivia, Hand and Foot's clean or dirty book (V-HF-OUT counts them apart),
    a canasta of a rank."""
    rules = obs.config.rules
    if kind is MeldKind.SEQUENCE and rules.sequence_name == "sambas":
        return _("That makes a samba!")
    if kind is MeldKind.SEQUENCE:
        return _("That makes an escalera!")
    if kind is MeldKind.WILD:
        return _("That makes a bolivia!")
    if rules.books_quota != (0, 0) or rules.group_max:
        if all(c.is_natural for c in cards):
            return _("That makes a clean book of {ranks}!").format(ranks=rank_plural(rank))
        return _("That makes a dirty book of {ranks}!").format(ranks=rank_plural(rank))
    return _("That makes a canasta of {ranks}!").format(ranks=rank_plural(rank))


def _first_meld_count(move: Move, obs: Observation) -> str:
    """Why a side's first meld is allowed: what its cards count against the minimum."""
    count = sum(c.value for g in move.groups for c in g.cards)
    minimum = _pseudo_state(obs).minimum(obs.side)
    if count < minimum:  # allowed all the same: the player goes out concealed (R-MIN-CONCEALED)
        return _("Going out concealed after drawing from the stock needs no minimum.")
    return _("Together they count {count}: enough for your first meld (minimum {minimum}).").format(
        count=count, minimum=minimum
    )


def _explain_discard(card: Card, obs: Observation, warn: bool = True) -> str:
    """A discard in words; `warn` False leaves out its own risk (the review's better move),
    though not that every card was a risk, which is why it was chosen."""
    if len(obs.hand) == 1:
        if obs.config.rules.foot and obs.this_turn.answer is not True:  # V-HF-FOOT: the foot comes next
            return _("Discard the {card}: your hand is empty, and you pick up your foot.").format(card=card_name(card))
        return _("Discard the {card} and go out.").format(card=card_name(card))
    name_seat = next_opponent(obs)
    parts = [_("Discard the {card}.").format(card=card_name(card))]
    if card.is_black_three:
        blocks = N_("A black three blocks the pile for the next player.")
        if name_seat is not None:
            parts.append(of_next(obs, name_seat, blocks, N_("A black three blocks the pile for {seat}.")).format())
        else:
            parts.append(_(blocks))
        penalty = obs.config.rules.black_three_penalty
        if penalty:  # V-BOL-BLACK3: the expert's reason to be rid of it
            parts.append(
                _("Left in your hand when the deal ends, it would count {points} against your side.").format(
                    points=penalty
                )
            )
        return join_sentences(parts)
    if card.is_wild:
        if obs.config.rules.freezes:  # (Hand and Foot's pile never freezes: a wild card only blocks it)
            parts.append(_("A wild card freezes the pile: from now on it takes a natural pair."))
        else:
            parts.append(_("A wild card on top blocks the pile for the next player."))
        return join_sentences(parts)
    same = sum(1 for c in obs.hand if c.rank == card.rank)
    weighing = weigh_discards(obs)  # (once: every reason below reads it)
    # Normal's reasons are claimed only for a card it would discard (the review explains other
    # moves too): else none is weighed.
    weighed = weighing.by_face if weighing.is_cheapest(card) else {}
    risk = discard_risk(obs, card)
    risky = risk is not None and risk.kind != "lay-off"  # (a card that could be laid off gives nothing away)
    only = "" if risky else _only_safe(card, obs, weighed)
    if can_lay_off(obs, card):  # (not that it pairs with nothing: it fits a meld of ours)
        parts.append(_kept_back(obs, card))
    elif same == 1:
        parts.extend([_single(card, obs), _booked(card, obs, weighed)])
        decided = "" if risky or only else _among_singles(card, obs, weighed)
        if decided:  # (what told it from the other singles says more than the next player's melds)
            return join_sentences([*parts, decided])
    else:
        parts.extend(_why_break(card, same, obs, weighed, compare=not only))
    if risk is not None and risky:  # (a card that could be laid off gives nothing away)
        if every_discard_risky(obs):  # (this card is one)
            parts.append(_every_card_a_risk(weighing, card))
        elif warn:
            parts.append(risk.text)
    elif only:
        parts.append(only)
    elif name_seat is not None and obs.config.rules.take_onto_meld:  # (Hand and Foot: no meld takes the pile)
        other = obs.config.side_of(name_seat)
        if not _fits_a_meld(obs, other, card):
            if obs.config.rules.meld_list:  # a canasta of the rank takes no pile: "no meld" would be wrong
                # (nor "no meld the card could join": a canasta of its rank takes it from the hand,
                # V-SAMBA-CANASTA; only the pile's way in is closed, play-test, stop 57)
                parts.append(
                    _("No meld of the next player's side could take the pile with the {card}.").format(
                        card=card_name(card)
                    )
                )
            else:
                no_meld = of_next(
                    obs,
                    name_seat,
                    N_("The next player has no meld of {ranks}."),
                    N_("{seat} has no meld of {ranks}."),
                    N_("The next player's side has no meld of {ranks}."),
                )
                parts.append(no_meld.format(ranks=rank_plural(card.rank)))
    return join_sentences(parts)


def _single(card: Card, obs: Observation) -> str:
    """A card of which the hand holds no other (Normal keeps it as a single: pairs are worth
    more). Where melds are sequences too, the hand's cards of its suit it could run with are
    named: Normal weighs pairs, not the start of a sequence."""
    if not obs.config.rules.sequences or not card.rank.meldable:
        return _("It pairs with nothing in your hand.")
    near = [
        c
        for c in obs.hand
        if c.is_natural and c.rank.meldable and c.suit == card.suit and 0 < abs(int(c.rank) - int(card.rank)) <= 2
    ]
    if not near:
        return _("It pairs with nothing and fits no sequence in your hand.")
    near = sorted({c.face: c for c in near}.values(), key=lambda c: int(c.rank))
    return _("It pairs with nothing in your hand; with your {cards} it would only start a sequence.").format(
        cards=card_list(near)
    )


def _among_singles(card: Card, obs: Observation, weighed: Mapping[str, DiscardWeighing]) -> str:
    """What made Normal discard this single rather than its next cheapest single (of another
    rank), where one fact weighed at least half the difference between their costs (the
    weightiest part): every other card of its rank seen, so neither the hand nor the next
    player can pair it; the pile shows the next player let its rank go, or another reason
    `_safer` gives; fewer of its rank still unseen, so it is less likely to pair for anyone.
    '' where no such fact made the difference (a tie, or the cards' points)."""
    mine = weighed.get(card.face)
    if mine is None or mine.kept_as != "single":
        return ""
    rivals = [w for w in weighed.values() if w.card.rank != card.rank and w.kept_as == "single"]
    if not rivals:
        return ""
    other = min(rivals, key=lambda w: w.cost)
    gap = other.cost - mine.cost
    try:
        from game.bots.knowledge import Knowledge
        from game.bots.normal import NormalPolicy

        kn = Knowledge(obs)
        live = NormalPolicy().weights(kn).single_live * (other.live - mine.live)
        nxt = kn.next_player()
        known = kn.known_counts[nxt][int(card.rank)] + kn.known_counts[nxt][int(other.card.rank)]
    except Exception:  # noqa: BLE001 - a bot bug must not break the hint
        return ""
    risk = other.danger - mine.danger
    both = live + risk
    if mine.live == 0 and mine.p_take == 0 and both > 0 and both >= gap / 2:
        return _("Every other {rank} is already seen: nobody can pair it.").format(rank=rank_singular(card.rank))
    if risk > 0 and risk >= gap / 2 and (mine.declined or other.p_take >= 1.0):  # (else fewer unseen, below)
        safer = _safer(mine, other, obs)
        if safer:
            return safer
    # Fewer unseen: the next player's chance to hold the rank (its danger) comes of the unseen
    # count alone where the pile shows nothing of them, no card of the two ranks is known in
    # its hand (taken with a pile), and neither would make their side a canasta.
    by_count = not (mine.declined or other.declined or known or mine.gift or other.gift or other.p_take >= 1.0)
    if mine.live < other.live and by_count and both > 0 and both >= gap / 2:
        return _("Fewer {ranks} are still unseen than {ranks2} ({n}, against {m}): it is less likely to pair.").format(
            n=mine.live, ranks=rank_plural(card.rank), m=other.live, ranks2=rank_plural(other.card.rank)
        )
    return ""


def _booked(card: Card, obs: Observation, weighed: Mapping[str, DiscardWeighing]) -> str:
    """Hand and Foot: Normal keeps a card of a rank its side has melded least of all (it
    counts it as one to add to the meld), and a book of seven is closed (V-HF-BOOKS): when
    the side's meld of the rank is a book, that the side has the book already. "" otherwise
    (elsewhere a card that fits a meld of ours is one to lay: `_kept_back`)."""
    mine = weighed.get(card.face)
    if mine is None or mine.kept_as != "meld" or not obs.config.rules.group_max:
        return ""
    groups = [m for m in obs.melds[obs.side] if m.kind is MeldKind.GROUP and m.rank == card.rank]
    if not any(m.size >= CANASTA_SIZE for m in groups):
        return ""
    return _("Your side already has a book of {ranks}.").format(ranks=rank_plural(card.rank))


def _why_break(
    card: Card, same: int, obs: Observation, weighed: Mapping[str, DiscardWeighing], compare: bool = True
) -> list[str]:
    """Why Normal breaks a pair (or more) of `card`'s rank: its side has a closed book of the
    rank, it has no single card to spare, or against its cheapest single the pair weighed
    less, by what made the difference (the single was worth more to keep, or the pair was
    safer to offer the next player: not said when `compare` is False, `_only_safe` says it)."""
    mine = weighed.get(card.face)
    if mine is None or all(c.rank == card.rank for c in obs.hand):  # (any card would break them)
        return []
    if same == 2:
        parts = [_("It breaks your pair of {ranks}.").format(ranks=rank_plural(card.rank))]
    else:
        parts = [_("It breaks up your {ranks} ({n} in your hand).").format(n=same, ranks=rank_plural(card.rank))]
    booked = _booked(card, obs, weighed)
    if booked:  # (Normal keeps a card of a rank we have melded least of all)
        return [*parts, booked]
    held = {r: sum(1 for c in obs.hand if c.rank == r) for r in {c.rank for c in obs.hand}}
    spare = [
        w
        for w in weighed.values()
        if w.card.rank != card.rank and w.kept_as in ("single", "meld") and held[w.card.rank] == 1
    ]
    if not spare:
        parts.append(_("You have no single card to let go."))
        others = [w for w in weighed.values() if w.card.rank != card.rank and w.kept_as in ("pair", "triple")]
        if others:
            best = min(others, key=lambda w: w.cost)
            if compare and best.danger - mine.danger > best.keep - mine.keep:
                parts.append(_safer(mine, best, obs))
        return parts
    single = min(spare, key=lambda w: w.cost)
    kept, risk = single.keep - mine.keep, single.danger - mine.danger
    if kept >= risk and single.kept_as == "single" and single.live:
        text = _("Your {card} is worth more to keep: {n} more {ranks} are still unseen.")
        parts.append(text.format(card=card_name(single.card), n=single.live, ranks=rank_plural(single.card.rank)))
    elif risk > kept and compare:
        parts.append(_safer(mine, single, obs))
    return parts


def _safer(mine: DiscardWeighing, other: DiscardWeighing, obs: Observation) -> str:
    """Why offering `mine` to the next player is safer than `other`, as Normal weighed it:
    the next player's side has a meld `other` joins, the pile shows the next player did not
    want `mine`'s rank, or fewer of its rank are unseen; "" when none of these is why."""
    name = card_name(other.card)
    seat = next_opponent(obs)
    if seat is None:
        return ""
    side = obs.config.side_of(seat)
    if other.p_take >= 1.0 and _fits_a_meld(obs, side, other.card):
        if mine.p_take >= 1.0 and _fits_a_meld(obs, side, mine.card):
            # Both fit a meld of theirs: that is no reason ("safer than your 5♠: the next
            # player's side has a meld of 5s", then "they have a meld of queens: they could take
            # the pile with your Q♣", six-hand-2x3 play-test, stop 53); the other brings their
            # meld of its rank to a canasta, or one card short of one (NormalPolicy.canasta_gift).
            if other.gift <= mine.gift or obs.config.rules.meld_list:
                return ""
            return of_next(
                obs,
                seat,
                N_(
                    "It is safer than your {card}: with that one the next player could take the pile and bring "
                    "their meld of {ranks} to a canasta, or close to one."
                ),
                N_(
                    "It is safer than your {card}: with that one {seat} could take the pile and bring their meld "
                    "of {ranks} to a canasta, or close to one."
                ),
                N_(
                    "It is safer than your {card}: with that one the next player's side could take the pile and "
                    "bring its meld of {ranks} to a canasta, or close to one."
                ),
            ).format(card=name, ranks=rank_plural(other.card.rank))
        if obs.config.rules.meld_list:
            text = _("It is safer than your {card}: that one fits a meld of the next player's side.")
        else:
            text = of_next(
                obs,
                seat,
                N_("It is safer than your {card}: the next player has a meld of {ranks}."),
                N_("It is safer than your {card}: {seat} has a meld of {ranks}."),
                N_("It is safer than your {card}: the next player's side has a meld of {ranks}."),
            )
        return text.format(card=name, ranks=rank_plural(other.card.rank))
    ranks = rank_plural(mine.card.rank)
    offered, discarded = _pile_shows(obs)
    if mine.declined == "offered" and other.declined != "offered" and mine.card.rank in offered:
        return of_next(
            obs,
            seat,
            N_("It is safer than your {card}: the next player let the pile go with the {top} on top."),
            N_("It is safer than your {card}: {seat} let the pile go with the {top} on top."),
        ).format(card=name, top=card_name(offered[mine.card.rank]))
    if mine.declined == "discarded" and not other.declined and mine.card.rank in discarded:
        return of_next(
            obs,
            seat,
            N_("It is safer than your {card}: the next player discarded the {top} onto this pile."),
            N_("It is safer than your {card}: {seat} discarded the {top} onto this pile."),
        ).format(card=name, top=card_name(discarded[mine.card.rank]))
    try:
        from game.bots.knowledge import Knowledge

        unseen = Knowledge(obs).unseen
    except Exception:  # noqa: BLE001 - a bot bug must not break the hint
        return ""
    if mine.p_take < other.p_take and unseen[mine.card.rank] < unseen[other.card.rank]:
        text = of_next(
            obs,
            seat,
            N_(
                "It is safer than your {card}: fewer {ranks} are still unseen ({n}, against {m}), so the next player "
                "is less likely to be able to take the pile with it."
            ),
            N_(
                "It is safer than your {card}: fewer {ranks} are still unseen ({n}, against {m}), so {seat} "
                "is less likely to be able to take the pile with it."
            ),
        )
        return text.format(card=name, ranks=ranks, n=unseen[mine.card.rank], m=unseen[other.card.rank])
    return ""


def _pile_shows(obs: Observation) -> tuple[dict[Rank, Card], dict[Rank, Card]]:
    """What the pile shows for certain of the next player, as the hint may say it: (ranks it
    was offered on top and let go, ranks it discarded), each with the latest such card (the
    hint names the card: "a {rank}" read "a 8"). Normal's count (Knowledge.next_declined)
    reads the pile from the top, one discard a turn, and may count the deal's upcard as a
    discard, which nobody made (R-UPCARD: with any wild cards or red threes turned under it):
    six-hand's hint said "the next player discarded a 5 onto this pile" of the upcard. The upcard
    is never counted here as a discard. (It was offered to the first player: that stays true.)
    Hand and Foot's take leaves the bottom of the pile (V-HF-TAKE), whose turns the count cannot
    place: nothing is claimed there."""
    order = obs.config.play_order(obs.out)
    n, pile = len(order), obs.pile
    if obs.seat not in order or n < 2 or obs.config.rules.take_next:
        return {}, {}
    upcard = next((i for i, c in enumerate(pile) if not (c.is_wild or c.is_red_three)), len(pile))
    offered: dict[Rank, Card] = {}
    discarded: dict[Rank, Card] = {}
    for k in range(n, len(pile) + 1, n):  # (from the top: the latest card of a rank is kept)
        if pile[-k].is_natural:
            offered.setdefault(pile[-k].rank, pile[-k])
    for k in range(n - 1, len(pile) + 1, n):
        if pile[-k].is_natural and len(pile) - k > upcard:
            discarded.setdefault(pile[-k].rank, pile[-k])
    return offered, discarded


def _only_safe(card: Card, obs: Observation, weighed: Mapping[str, DiscardWeighing]) -> str:
    """'' unless Normal finds that the next player could take the pile for certain with each
    other card of the hand (wild cards and black threes aside: they block it), its side
    having a meld each joins, and not with `card`: then that, naming those cards (at most
    LISTED_CARDS of them)."""
    mine = weighed.get(card.face)
    seat = next_opponent(obs)
    if mine is None or seat is None or mine.p_take >= 1.0:
        return ""
    side = obs.config.side_of(seat)
    others = [w for w in weighed.values() if w.card.rank != card.rank and w.kept_as not in ("wild", "black three")]
    if not others or any(w.p_take < 1.0 or not _fits_a_meld(obs, side, w.card) for w in others):
        return ""
    # In rank order, as the hand shows them sorted: in the order they came to the hand they read
    # "your 8♥ K♠ K♣ 8♥ 9♠ J♣" (two-hand play-test, stop 53).
    cards = sorted((c for c in obs.hand if any(c.face == w.card.face for w in others)), key=sort_key)
    if not 2 <= len(cards) <= LISTED_CARDS:  # (one card: `_safer` names it)
        return ""
    if any(c.is_wild or c.is_black_three for c in obs.hand if c.rank != card.rank):  # (they block the pile)
        text = of_next(
            obs,
            seat,
            N_("The next player could take the pile with any of your {cards}: they fit its melds."),
            N_("{seat} could take the pile with any of your {cards}: they fit {seat}'s melds."),
            N_("The next player's side could take the pile with any of your {cards}: they fit its melds."),
        )
    else:
        text = of_next(
            obs,
            seat,
            N_(
                "It is the only card that fits none of the next player's melds: "
                "with your {cards} it could take the pile."
            ),
            N_("It is the only card that fits none of {seat}'s melds: with your {cards} {seat} could take the pile."),
            N_(
                "It is the only card that fits none of the next player's side's melds: "
                "with your {cards} they could take the pile."
            ),
        )
    return text.format(cards=card_list(cards))


def _kept_back(obs: Observation, card: Card) -> str:
    """Why a discard that could be laid off our melds is not: laying it as well would leave
    too few cards to take the pile with (Normal keeps a reserve: `reserve_cards`); with two
    cards in hand, laying it would go out (`_going_out_declined` says why not)."""
    left = len(obs.hand) - 2  # it laid, another card discarded
    if left < 1 or left >= 5:
        return ""
    if obs.config.rules.meld_list:
        fits = alone_or_side(obs, N_("It would fit one of your melds."), N_("It would fit one of your side's melds."))
    else:
        fits = alone_or_side(
            obs, N_("It would fit your {rank} meld."), N_("It would fit your side's {rank} meld.")
        ).format(rank=rank_singular(card.rank))
    if left == 1:
        rest = _("Laying it as well would leave you a single card; keep more to take the pile with.")
    else:
        rest = _("Laying it as well would leave you only {n} cards; keep more to take the pile with.").format(n=left)
    return join_sentences([fits, rest])


# -- risky discards ------------------------------------------------------------------


def next_opponent(obs: Observation) -> int | None:
    """The seat that plays after the player in this deal's turn order (five-hand: one sits
    out, and the four left sit alternately: V-FIVE), if it is an opponent."""
    order = obs.config.play_order(obs.out)
    seat = order[(order.index(obs.seat) + 1) % len(order)]
    return seat if obs.config.side_of(seat) != obs.side else None


def _known_of_rank(obs: Observation, seat: int, rank: Rank) -> int:
    return sum(n for face, n in obs.known[seat] if Card.parse(face).rank == rank)


def _pseudo_state(obs: Observation) -> GameState:
    hands = [list(obs.hand) if s == obs.seat else [] for s in range(obs.config.players)]
    return GameState.from_observation(obs, hands, [])


def can_lay_off(obs: Observation, card: Card) -> bool:
    """Could `card` be added to one of the player's side's melds right now?"""
    if obs.phase is not Phase.MELD or not card.is_natural or not card.rank.meldable:
        return False
    if obs.config.rules.meld_list:  # onto any meld of the list it fits (a group, a sequence)
        for number, meld in enumerate(obs.melds[obs.side]):
            if _fits(meld, card, obs):
                try:
                    _pseudo_state(obs).apply(Move.meld(Group.parsed([card], None, number)))
                except (IllegalMove, ValueError):
                    continue
                return True
        return False
    if card.rank not in _melds(obs, obs.side):
        return False
    try:
        _pseudo_state(obs).apply(Move.meld(Group.of([card], card.rank)))
    except (IllegalMove, ValueError):  # e.g. it would leave one card without a canasta
        return False
    return True


def _fits(meld: Meld, card: Card, obs: Observation) -> bool:
    """`card` could go onto `meld` (a group of its rank, or a sequence it extends), judged on
    the meld alone; a closed one (a samba, a book) takes nothing."""
    rules = obs.config.rules
    if meld.kind is MeldKind.SEQUENCE:
        if meld.size >= CANASTA_SIZE or card.suit != meld.cards[0].suit:
            return False
        return int(card.rank) in (int(meld.rank) - 1, int(meld.high) + 1) and card.rank.meldable
    if meld.kind is MeldKind.WILD:
        return False
    return meld.rank == card.rank and not (rules.group_max and meld.size >= CANASTA_SIZE)


def _fits_a_meld(obs: Observation, side: int, card: Card) -> bool:
    """`card` goes with one of `side`'s melds: its rank's meld (classic), or (the Samba
    family) a meld that is not yet a canasta, the only kind the pile's top card may join."""
    if not obs.config.rules.meld_list:
        return card.rank in _melds(obs, side)
    return any(_fits(m, card, obs) and m.size < CANASTA_SIZE for m in obs.melds[side])


@dataclass
class Risk:
    kind: str  # "takes", "interest" or "lay-off"
    text: str


# The risky-discard question (setting "confirm a risky discard"): a pile this large, counting
# the discard, is worth an interruption (the take the bots explain: reasons.BIG_PILE); a
# smaller one only when it holds a wild card or a red three (frozen: a prize, and a natural
# pair takes it) or the take would finish a canasta. Classic practice (STRATEGY.md): small,
# low piles are rarely worth taking; a question at every discard is one the player stops
# reading (play-test, stop 56: it asked before piles of one to four cards).
ASK_PILE = why.BIG_PILE


def discard_question(obs: Observation, card: Card) -> str | None:
    """What the risky-discard box says before `card` is discarded (the question itself
    aside), or None when the discard is not worth a question: it looks safe, it is a card
    the hint would discard (one of the cheapest of Normal's weighing of the hand's discards,
    made once here for all the box says), every card is a risk and it gives no more away
    than the hint's own (`DiscardWeighings.choice`, the card named), or the pile it would
    offer is small and holds nothing that matters. Where a safer discard is in hand it is
    named: a black three (it blocks the next player: R-BLACK3) first."""
    risk = discard_risk(obs, card)
    if risk is None or not _worth_asking(obs, card, risk):
        return None
    weighed = weigh_discards(obs)
    if weighed.is_cheapest(card):
        return None
    parts = [risk.text]
    seat = next_opponent(obs)
    if risk.kind != "lay-off" and seat is not None and len(obs.pile) + 1 < ASK_PILE and _take_finishes(obs, seat, card):
        finishes = of_next(
            obs,
            seat,
            N_("With the pile the next player would finish a canasta of {ranks}."),
            N_("With the pile {seat} would finish a canasta of {ranks}."),
            N_("With the pile the next player's side would finish a canasta of {ranks}."),
        )
        parts.append(finishes.format(ranks=rank_plural(card.rank)))
    safer = _safer_discard(obs, card, weighed) if risk.kind != "lay-off" else None
    if safer is not None and safer.is_black_three:
        blocks = of_next(
            obs,
            seat if seat is not None else obs.seat,
            N_("Your {card} would block the pile for the next player instead."),
            N_("Your {card} would block the pile for {seat} instead."),
        )
        parts.append(blocks.format(card=card_name(safer)))
    elif safer is not None:
        parts.append(_("Your {card} looks safe to discard instead.").format(card=card_name(safer)))
    elif risk.kind != "lay-off" and every_discard_risky(obs):  # (the box asked as if a safe card were left)
        every = _("Every card in your hand is a risk now.")
        named = weighed.choice  # (the card the hint would discard: the box offers no better card otherwise)
        if named is not None and weighed.get(card) is not None:
            # The box is there to stop a careless gift of the pile. With every card offering
            # it, the careful discard is the hint's (the Normal bot weighs what a card gives
            # the next player against what it is worth in the hand: a safer pair may be
            # worth keeping), and a card that gives no more away than that one is no
            # careless gift: "Discard anyway?" would offer nothing better, a question the
            # player learns to click through. (It said "the 9♠ gives the least away" of a
            # 9♠ handing over the very pile the player's 7♣ did.) Where it asks, the card
            # it names gives less away than the player's; "the least" where none gives less.
            if named not in weighed.giving_less(card):
                return None
            every = (
                _("Every card in your hand is a risk now; the {card} gives less away.")
                if weighed.giving_less(named)
                else _("Every card in your hand is a risk now; the {card} gives the least away.")
            ).format(card=card_name(named))
        parts.append(every)
    return join_sentences(parts)


def _worth_asking(obs: Observation, card: Card, risk: Risk) -> bool:
    """A risky discard worth the box (`ASK_PILE`): a card that could be laid off instead
    (what it wastes is not the pile's size), a pile of ASK_PILE cards or more with it, a
    frozen one (a wild card or a red three in it), or a take that would finish a canasta."""
    if risk.kind == "lay-off" or len(obs.pile) + 1 >= ASK_PILE or obs.pile_frozen:
        return True
    seat = next_opponent(obs)
    return seat is not None and _take_finishes(obs, seat, card)


def _take_finishes(obs: Observation, seat: int, card: Card) -> bool:
    """Taking the pile with `card` on top would make `seat`'s side's group of its rank a
    canasta: the group, the top card, a second card from the hand where a natural pair must
    take it, and the pile's naturals of the rank (as Normal weighs it: `canasta_gift`)."""
    side = obs.config.side_of(seat)
    frozen = obs.pile_frozen or not obs.melds[side] or not obs.config.rules.take_onto_meld
    same = sum(1 for c in obs.pile if c.is_natural and c.rank == card.rank)
    return any(
        m.kind is MeldKind.GROUP
        and m.rank == card.rank
        and not m.is_canasta
        and m.size + 1 + (1 if frozen else 0) + same >= CANASTA_SIZE
        for m in obs.melds[side]
    )


def _safer_discard(obs: Observation, card: Card, weighed: DiscardWeighings) -> Card | None:
    """A discard of the hand that gives the next player nothing, to name instead of `card`:
    a black three (it blocks the pile: R-BLACK3), else the natural card the hint weighs
    cheapest of those `discard_risk` finds safe (a wild card is not offered: it freezes the
    pile and is worth keeping). None when there is none, or the discard is not allowed."""
    legal = {str(m) for m in obs.legal if m.kind is MoveKind.DISCARD}
    choices = [c for c in obs.hand if c.rank != card.rank and str(Move.discard(c)) in legal]
    threes = [c for c in choices if c.is_black_three]
    if threes:
        return threes[0]
    safe = [c for c in choices if c.is_natural and not c.is_red_three and discard_risk(obs, c) is None]
    if not safe:
        return None
    return min(safe, key=lambda c: w.cost if (w := weighed.get(c)) is not None else float("inf"))


def _every_card_a_risk(weighed: DiscardWeighings, card: Card) -> str:
    """Why `card` is discarded when every card of the hand is a risk, as true of it: it gives
    the least away; none gives less (others the same); or the cards that give less away are
    worth more in the hand (the Normal bot discards the cheapest: what a card gives away and
    what it is worth kept, together), said only of that cheapest card. "This one gives the
    least away" was said of a card that gave exactly what every other did, and of a single
    discarded while a pair that gave less away was kept."""
    if weighed.get(card) is None:
        return _("Every card in your hand is a risk now.")
    if not weighed.giving_less(card):
        if weighed.giving_less(card, or_as_little=True):
            return _("Every card is a risk now; none gives less away than this one.")
        return _("Every card is a risk now; this one gives the least away.")
    if weighed.is_cheapest(card):
        return _("Every card is a risk now; those that give less away are worth more in your hand.")
    return _("Every card in your hand is a risk now.")  # (the review's better move, not Normal's: no claim)


def every_discard_risky(obs: Observation) -> bool:
    """Every card of the hand would hand the next opponent the pile, or feed its interest
    (`discard_risk`, a card that could be laid off left out): no safe discard is left."""
    return all((risk := discard_risk(obs, c)) is not None and risk.kind != "lay-off" for c in obs.hand)


def discard_risk(obs: Observation, card: Card) -> Risk | None:
    """Why discarding `card` may hand the next opponent the pile, or wastes a card
    that could be laid off on our melds; None when it looks safe (public info only)."""
    if len(obs.hand) <= 1 or card.is_black_three or card.is_red_three:
        return None
    if card.is_wild:  # freezing the pile is a choice, never a gift
        return None
    if can_lay_off(obs, card):
        if obs.config.rules.meld_list:
            text = _("The {card} could be added to one of your side's melds instead.").format(card=card_name(card))
        else:
            text = alone_or_side(
                obs,
                N_("The {card} could be added to your {rank} meld instead."),
                N_("The {card} could be added to your side's {rank} meld instead."),
            ).format(card=card_name(card), rank=rank_singular(card.rank))
        return Risk("lay-off", text)
    seat = next_opponent(obs)
    if seat is None:
        return None
    side = obs.config.side_of(seat)
    melds = _melds(obs, side)
    takes_onto = obs.config.rules.take_onto_meld  # Hand and Foot: only a natural pair takes
    frozen_for_them = obs.pile_frozen or not melds or not takes_onto  # (one natural and a wild card: no take)
    name_args = {"card": card_name(card), "ranks": rank_plural(card.rank)}
    size = len(obs.pile) + 1
    worth = (sentence_gap() + _("The pile would then hold {n} cards.").format(n=size)) if size > 1 else ""
    reach = obs.config.rules.take_next + 1  # V-HF-TAKE: the top card and the next six come, the rest stays
    if obs.config.rules.take_next and size > reach:  # (the whole pile's count overstated the gift)
        worth = sentence_gap() + _("The take would bring them {n} of its {total} cards.").format(n=reach, total=size)
    if takes_onto and _fits_a_meld(obs, side, card) and not frozen_for_them:
        if obs.config.rules.meld_list:
            text = _("The next player's side has a meld your {card} fits: they could take the pile with it.")
        else:
            text = of_next(
                obs,
                seat,
                N_("The next player has a meld of {ranks}: they could take the pile with your {card}."),
                N_("{seat} has a meld of {ranks}: they could take the pile with your {card}."),
                N_("The next player's side has a meld of {ranks}: they could take the pile with your {card}."),
            )
        return Risk("takes", text.format(**name_args) + worth)
    known = _known_of_rank(obs, seat, card.rank)
    if known >= 2 or (known == 1 and not frozen_for_them):
        return Risk(
            "interest",
            of_next(
                obs,
                seat,
                N_("The next player picked up {ranks} with the pile: they could take it with your {card}."),
                N_("{seat} picked up {ranks} with the pile: they could take it with your {card}."),
            ).format(**name_args)
            + worth,
        )
    return None
