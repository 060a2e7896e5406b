"""Card sprites that glide to their resting places, and what each engine event
looks like.

Every physical card has one `CardSprite`. After each move the table computes
where every card should rest (table_layout) and calls `Animator.sync`: sprites
whose place changed start an eased flight from wherever they are *now* (so a
new move interrupts a running animation without a jump), turning over half-way
when their face changes. `plan_events` maps the engine's events to the extras:
the order cards leave in (dealing one by one, a pile picked up card by card),
speech bubbles, "Canasta!" banners, the end of the deal.

The counts the table shows (a hand's, the stock's, the pile's) follow the cards: each sprite
knows the zone it rests in (`table_layout.card_zones`) and the one it left, and `count`
counts a card where it is seen, in its old zone until it leaves, in none while it flies,
in its new one once it has landed. At rest the counts are the engine's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

from game.i18n import N_, _
from game.rules import Card, Rank
from game.rules import events as ev
from game.rules.moves import whole_number
from game.rules.variants import Variant
from game.scenes.table_layout import CENTER_W, STOCK_POS, STOCK_ZONE, Placement, Zone
from game.scenes.tween import ease_in_out_cubic, ease_out_cubic

FLIGHT = 0.42  # seconds for a card to travel, at speed 1
# What a seat says in a speech bubble, by a short code: the save keeps the code of each bubble
# on the table (the words in the language of the day come back after Continue).
BUBBLE_WORDS = {
    "foot": N_("I pick up my foot."),
    "ask": N_("May I go out?"),
    "yes": N_("Yes, go out!"),
    "no": N_("No, not yet."),
}
DEAL_STAGGER = 0.035  # between two dealt cards
PILE_STAGGER = 0.03  # between two cards of a picked-up pile
MELD_STAGGER = 0.07  # between the cards of a meld
IN_FLIGHT_Z = 10000  # a card in flight is drawn this much higher than where it goes


class CardSprite:
    """One card on screen: where it is now and where it is going."""

    __slots__ = (
        "card",
        "look",
        "x",
        "y",
        "width",
        "angle",
        "face_up",
        "z",
        "visible",
        "start",
        "end",
        "elapsed",
        "delay",
        "duration",
        "flip_from",
        "settled",
        "zone",
        "from_zone",
    )

    def __init__(self, card: Card, place: Placement) -> None:
        self.card = card
        # Which of a face's pictures it shows (the two jokers differ): the card's copy when
        # it appears, kept when the sprite stands for another copy (Animator.swap).
        self.look = card.copy
        self.x, self.y, self.width, self.angle = place.x, place.y, place.width, place.angle
        self.face_up = place.face_up
        self.z = place.z
        self.visible = place.visible
        self.start = place
        self.end = place
        self.elapsed = 0.0
        self.delay = 0.0
        self.duration = 0.0
        self.flip_from: bool | None = None  # face shown before a turn-over, while flipping
        self.settled = True
        self.zone: Zone | None = None  # where the card lies (None: out of play, or not told)
        self.from_zone: Zone | None = None  # where it counted when it was sent to `zone`

    @property
    def counted_in(self) -> Zone | None:
        """The zone whose count this card is in now: its old one until it leaves (its delay
        not run out), none while it flies, its own once it has landed."""
        if self.settled or self.from_zone == self.zone:
            return self.zone
        if self.elapsed < self.delay:
            return self.from_zone
        return None

    def rezone(self, zone: Zone | None) -> None:
        """The card now lies in `zone`: it counts where it is seen until it lands there."""
        if zone != self.zone:
            self.from_zone = self.counted_in
            self.zone = zone

    @property
    def moving(self) -> bool:
        return not self.settled

    @property
    def flip_scale(self) -> float:
        """Horizontal squash while turning over (1 = flat, 0 = edge on)."""
        if self.flip_from is None or self.settled:
            return 1.0
        return abs(math.cos(math.pi * self._travelled()))

    def _travelled(self) -> float:
        """How far along its path the card is (0 to 1): it turns over half way along, edge on
        there. (Half way through its time, the ease-out had carried it seven eighths of the way:
        a card drawn into a face-up hand flew face down and turned only as it landed.)"""
        return ease_out_cubic(self._progress())

    def _progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def fly_to(self, place: Placement, duration: float, delay: float = 0.0) -> None:
        """Head for `place` from the current position (interrupting any flight)."""
        current = Placement(self.x, self.y, self.width, self.angle, self.face_up, self.z, self.visible)
        if self.settled:
            self.flip_from = None
        flips = place.face_up != self.face_up
        self.flip_from = self.face_up if flips else None
        self.start, self.end = current, place
        self.elapsed, self.delay, self.duration = 0.0, delay, duration
        self.settled = duration <= 0 and delay <= 0
        if self.settled:
            self.snap(place)
        else:
            self.visible = True

    def snap(self, place: Placement) -> None:
        self.x, self.y, self.width, self.angle = place.x, place.y, place.width, place.angle
        self.face_up, self.z, self.visible = place.face_up, place.z, place.visible
        self.start = self.end = place
        self.flip_from = None
        self.settled = True
        self.from_zone = self.zone  # (arrived: a later flight within its zone keeps it counted there)

    def update(self, dt: float) -> None:
        if self.settled:
            return
        self.elapsed += dt
        progress = self._progress()
        if progress >= 1.0:
            self.snap(self.end)
            return
        if self.elapsed < self.delay:
            return
        k = self._travelled()
        a, b = self.start, self.end
        self.x = a.x + (b.x - a.x) * k
        self.y = a.y + (b.y - a.y) * k
        self.width = a.width + (b.width - a.width) * k
        turn = (b.angle - a.angle + 180) % 360 - 180  # the short way round
        self.angle = a.angle + turn * ease_in_out_cubic(progress)
        if self.flip_from is not None:
            self.face_up = self.flip_from if k < 0.5 else b.face_up
        # In flight: above everything resting; a card going to a place over every flight (one
        # following the dragged card) keeps its own place, under the card it follows.
        self.z = b.z if b.z >= IN_FLIGHT_Z else IN_FLIGHT_Z + b.z

    def finish(self) -> None:
        if not self.settled:
            self.snap(self.end)


class SeatNames(Protocol):
    """How the table names a seat now (in the current language; a name typed for it as typed)."""

    def seat_name(self, seat: int) -> str: ...


@dataclass(frozen=True)
class Words:
    """What the table says for a moment (a banner, a speech bubble) as data: a message id and
    what fills it in, put into words each time it is drawn. A banner made into English text
    when its event was planned stayed English when the player switched to Chinese while it
    showed; kept as data it shows in the language of the moment, as the move log's entries
    do (game/move_log.LogEntry, which says the same moves). Words with no message id of the
    catalog (a test's own) show as they are."""

    msgid: str
    seat: int | None = None  # {name}: the seat's name as the table names it when drawn
    rank: Rank | None = None  # {ranks}: the rank in the plural
    kind: str | None = None  # {kind}: a message id ("natural", "mixed")

    def text(self, names: SeatNames) -> str:
        if self.seat is None and self.rank is None and self.kind is None:
            return _(self.msgid)  # (no placeholders to fill: free words may hold braces)
        from game.hints import rank_plural

        return _(self.msgid).format(
            name=names.seat_name(self.seat) if self.seat is not None else "",
            ranks=rank_plural(self.rank) if self.rank is not None else "",
            kind=_(self.kind) if self.kind is not None else "",
        )


@dataclass
class Effect:
    """Something other than a card flight that an event shows."""

    kind: str  # "bubble", "banner", "deal-over", "flash", "sound" (text: the effect)
    delay: float = 0.0
    seat: int | None = None
    side: int | None = None
    text: str = ""  # a sound's name; a bubble's or a banner's words where `words` is None (a test's)
    data: object = None  # (a bubble's: its code in BUBBLE_WORDS)
    move: int | None = None  # a bubble's: the moves played when its move was shown (the save's check)
    words: Words | None = None  # what a bubble, a banner or a flash says (in words when drawn)

    @property
    def said(self) -> Words:
        """What a bubble, a banner or a flash says: its words, else its text as it is."""
        return self.words if self.words is not None else Words(self.text)


@dataclass
class Plan:
    """How to animate a batch of events: per-card delays and effects."""

    delays: dict[Card, float] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    deal: bool = False  # a new deal: gather every card into the stock first
    total: float = 0.0  # seconds until the last delayed card leaves
    feet: dict[int, float] = field(default_factory=dict)  # seat -> when its foot is picked up (its cards leave)
    # When each event is seen (as `events`): its first card leaves, or what it says is said
    # (a bubble, a banner); the move log says it then (MoveLog.record's `at`).
    times: list[float] = field(default_factory=list)


def canasta_banner(event: ev.CanastaMade, rules: Variant | None) -> Words:
    """The banner of a canasta of any kind: "Canasta of 9s (natural)!", "Samba!", "A clean
    book of 9s!" (game.move_log.canasta_kind tells the kinds apart)."""
    from game.move_log import canasta_kind

    kind, natural = canasta_kind(event.kind, event.natural, rules)
    if kind == "sambas":
        return Words(N_("Samba!"))
    if kind == "escaleras":
        return Words(N_("Escalera!"))
    if kind == "wild":
        return Words(N_("Bolivia!"))
    if kind == "book":
        return Words(N_("A clean book of {ranks}!") if natural else N_("A dirty book of {ranks}!"), rank=event.rank)
    return Words(N_("Canasta of {ranks} ({kind})!"), rank=event.rank, kind=N_("natural") if natural else N_("mixed"))


def bubble(at: float, seat: int, code: str) -> Effect:
    """A speech bubble by `seat` at `at` seconds: the words of `code` (BUBBLE_WORDS)."""
    return Effect("bubble", at, seat, None, data=code, words=Words(BUBBLE_WORDS[code]))


def plan_events(events: list[ev.Event], rules: Variant | None = None) -> Plan:
    """Delays and effects for `events` (in engine order), at speed 1 (`rules`: the variant,
    which names the Samba family's canastas). What the effects say is data (`Words`): the
    seats are named, and the words chosen, when they are drawn."""
    plan = Plan()
    clock = 0.0
    sounds: set[str] = set()

    def leave(cards, stagger: float) -> None:
        nonlocal clock
        for card in cards:
            if card not in plan.delays:
                plan.delays[card] = clock
                clock += stagger

    def sound(name: str, at: float) -> None:
        """A sound effect at `at` seconds (once per batch): cards make theirs as they land."""
        if name not in sounds:
            sounds.add(name)
            plan.effects.append(Effect("sound", at, text=name))

    def lands(card) -> float:
        return plan.delays.get(card, clock) + FLIGHT

    def plan_one(event: ev.Event) -> None:
        nonlocal clock
        if isinstance(event, ev.Dealt):
            sound("shuffle", 0.0)
            plan.deal = True
            players = len(event.hands)
            order = [(event.dealer + 1 + i) % players for i in range(players)]
            rounds = max(len(hand) for hand in event.hands)
            for round_index in range(rounds):
                for seat in order:
                    hand = event.hands[seat]
                    if round_index < len(hand):
                        leave([hand[round_index]], DEAL_STAGGER)
            clock += 0.15
        elif isinstance(event, ev.UpcardTurned):
            leave([event.card], 0.25)
        elif isinstance(event, ev.Drew):
            leave([event.card], 0.18)
            sound("draw", lands(event.card))
        elif isinstance(event, ev.RedThreeLaid):
            clock += 0.2
            leave([event.card], 0.2)
            red_three = Words(N_("Red three!"))
            plan.effects.append(Effect("flash", clock, event.seat, event.side, data=event.card, words=red_three))
        elif isinstance(event, ev.PileTaken):
            leave([event.top], 0.1)
            leave(event.cards, PILE_STAGGER)
            sound("meld", lands(event.top))
        elif isinstance(event, ev.Melded):
            leave(event.cards, MELD_STAGGER)
            if event.cards:
                sound("meld", lands(event.cards[0]))
        elif isinstance(event, ev.CanastaMade):
            sound("canasta", clock + 0.3)
            made = canasta_banner(event, rules)
            plan.effects.append(Effect("banner", clock + 0.3, None, event.side, data=event.natural, words=made))
        elif isinstance(event, ev.FootPickedUp):
            clock += 0.2
            plan.feet[event.seat] = clock  # (once the hand's last cards have left: the event names no card)
            plan.effects.append(bubble(clock, event.seat, "foot"))
        elif isinstance(event, ev.Discarded):
            leave([event.card], 0.1)
            sound("discard", lands(event.card))
        elif isinstance(event, ev.Asked):
            plan.effects.append(bubble(clock, event.seat, "ask"))
        elif isinstance(event, ev.Answered):
            plan.effects.append(bubble(clock, event.seat, "yes" if event.yes else "no"))
        elif isinstance(event, ev.WentOut):
            sound("going_out", clock + 0.2)
            out = Words(N_("{name} went out concealed!") if event.concealed else N_("{name} went out!"), event.seat)
            plan.effects.append(Effect("banner", clock + 0.2, event.seat, None, words=out))
        elif isinstance(event, ev.DealEnded):
            plan.effects.append(Effect("deal-over", clock + 0.4, data=event.result, text=event.reason))

    for event in events:
        start, leaving, saying = clock, len(plan.delays), len(plan.effects)
        plan_one(event)
        left = list(plan.delays.values())[leaving:]
        said = [effect.delay for effect in plan.effects[saying:] if effect.kind != "sound"]
        plan.times.append(min(left) if left else min(said) if said else start)
    plan.total = clock
    return plan


def looks_text(looks: dict[Card, int]) -> str:
    """`Animator.looks` for a save: `FACE:COPY:LOOK` words (a card of the deck and the copy
    whose picture it shows)."""
    return " ".join(f"{card.face}:{card.copy}:{look}" for card, look in looks.items())


def parse_looks(text: object) -> dict[Card, int]:
    """`looks_text` read back; a word that does not fit is left out."""
    looks: dict[Card, int] = {}
    for word in text.split() if isinstance(text, str) else ():
        parts = word.split(":")
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit() or len(parts[2]) > 1:
            continue
        try:
            card = Card.parse(parts[0], copy=int(parts[1]))
        except ValueError:  # (NotationError: no such card)
            continue
        looks[card] = int(parts[2])
    return looks


def bubbles_text(said: list[tuple[int, str, int]]) -> str:
    """The speech bubbles on the table for a save: `SEAT:CODE:MOVE` words (who says it, its
    code in BUBBLE_WORDS, the moves played when the move it answers was shown)."""
    return " ".join(f"{seat}:{code}:{move}" for seat, code, move in said if code in BUBBLE_WORDS)


def parse_bubbles(text: object, players: int, moves: int) -> list[tuple[int, str, int]]:
    """`bubbles_text` read back, one bubble a seat at most: a word that does not fit (a seat
    not at the table, an unknown code, a move the screen had not shown: at most `moves`) is
    left out."""
    said: dict[int, tuple[int, str, int]] = {}
    for word in text.split()[:MAX_BUBBLE_WORDS] if isinstance(text, str) else ():
        parts = word.split(":")
        if len(parts) != 3:
            continue
        seat, code, move = whole_number(parts[0], 2), parts[1], whole_number(parts[2], 6)
        if seat is not None and move is not None and seat < players and code in BUBBLE_WORDS and move <= moves:
            said[seat] = (seat, code, move)
    return list(said.values())


MAX_BUBBLE_WORDS = 16  # (a table seats six: more is a save edited by hand)


class Animator:
    """All card sprites; moves them towards the layout's placements."""

    def __init__(self, speed: float = 1.0) -> None:
        self.sprites: dict[Card, CardSprite] = {}
        # The cards that show another copy's picture since a swap (a save keeps them: see
        # TableScene.saved_extra), so a joker keeps the look it had whatever is drawn again.
        self.looks: dict[Card, int] = {}
        self.speed = speed
        self._order: list[CardSprite] | None = None
        self._counts: dict[Zone, int] | None = None
        self._seen: dict[Zone, list[Card]] = {}  # (memoized with the counts)

    def sync(
        self,
        placements: dict[Card, Placement],
        delays: dict[Card, float] | None = None,
        animate: bool = True,
        deal: bool = False,
        duration: float = FLIGHT,
        zones: dict[Card, Zone] | None = None,
    ) -> None:
        """Send every sprite to its placement; cards in `delays` leave after that many
        seconds. `deal`: first gather everything face down into the stock. `zones`: where
        each card lies now (`table_layout.card_zones`), for the counts."""
        delays = delays or {}
        zones = zones or {}
        self._counts = None
        self._seen = {}
        for card, sprite in self.sprites.items():
            if card not in placements:  # out of play (puzzle positions): not drawn
                sprite.visible = False
                sprite.settled = True
                sprite.zone = sprite.from_zone = None
        if deal:
            stock = Placement(STOCK_POS[0], STOCK_POS[1], CENTER_W, 0.0, False, 100, visible=False)
            for sprite in self.sprites.values():
                sprite.snap(stock)
                sprite.zone = sprite.from_zone = STOCK_ZONE
        for card, place in placements.items():
            found = self.sprites.get(card)
            if found is not None:
                sprite = found
            else:
                start = place if not deal else Placement(STOCK_POS[0], STOCK_POS[1], CENTER_W, 0.0, False, 100, False)
                sprite = self.sprites[card] = CardSprite(card, start)
                sprite.look = self.looks.get(card, card.copy)
                sprite.zone = sprite.from_zone = STOCK_ZONE if deal else zones.get(card)
                if not deal:
                    continue
            sprite.rezone(zones.get(card))  # (before its flight: where it counts until it leaves)
            if not animate:
                sprite.snap(place)
                continue
            if sprite.end == place:
                continue
            if sprite.settled and self._same_spot(sprite, place):
                sprite.snap(place)  # only z/visibility changed
                continue
            sprite.fly_to(place, duration, delays.get(card, 0.0))
        self._order = None

    @staticmethod
    def _same_spot(sprite: CardSprite, place: Placement) -> bool:
        return (
            abs(sprite.x - place.x) < 0.5
            and abs(sprite.y - place.y) < 0.5
            and abs(sprite.width - place.width) < 0.5
            and sprite.angle == place.angle
            and sprite.face_up == place.face_up
        )

    def count(self, zone: Zone) -> int:
        """How many cards are seen in `zone`: those resting or arrived there, and those about
        to leave it; not those on their way (see CardSprite.counted_in)."""
        if self._counts is None:
            counts: dict[Zone, int] = {}
            for sprite in self.sprites.values():
                where = sprite.counted_in
                if where is not None:
                    counts[where] = counts.get(where, 0) + 1
            self._counts = counts
        return self._counts.get(zone, 0)

    def seen(self, zone: Zone) -> list[Card]:
        """The cards `count` counts in `zone`, lowest first: the pile as it is seen, without a
        card still on its way to it, with the cards of a take until each leaves it."""
        found = self._seen.get(zone)
        if found is None:
            sprites = [sprite for sprite in self.sprites.values() if sprite.counted_in == zone]
            # (one about to leave lies where it was; one arrived, or moving within the zone, where it goes)
            sprites.sort(key=lambda sprite: sprite.start.z if sprite.zone != zone else sprite.end.z)
            found = self._seen[zone] = [sprite.card for sprite in sprites]
        return found

    def arrived(self, card: Card) -> bool:
        """`card` is seen where it lies (resting there, or moving within it: a hand re-sorted),
        not on its way there from another zone."""
        sprite = self.sprites.get(card)
        return sprite is None or sprite.counted_in == sprite.zone

    def swap(self, a: Card, b: Card) -> None:
        """Cards `a` and `b` (one face, two copies) trade sprites: each sprite keeps its
        place and picture and now stands for the other card. The engine picks which copy of a
        face it lays; the table lets the card the player moved be the one that lands."""
        sprite_a, sprite_b = self.sprites.get(a), self.sprites.get(b)
        if sprite_a is None or sprite_b is None:
            return
        self.sprites[a], self.sprites[b] = sprite_b, sprite_a
        sprite_a.card, sprite_b.card = b, a
        self._counts = None
        self._seen = {}
        for sprite in (sprite_a, sprite_b):
            self.looks[sprite.card] = sprite.look
            if sprite.look == sprite.card.copy:
                del self.looks[sprite.card]
        self._order = None

    def forget(self) -> None:
        """No sprites and no looks of before: a new game, or a position set up."""
        self.sprites.clear()
        self.looks.clear()
        self._order = None
        self._counts = None
        self._seen = {}

    def restore_looks(self, looks: dict[Card, int]) -> None:
        """The pictures a save kept (from `looks`), on the sprites drawn already too."""
        self.looks = {card: look for card, look in looks.items() if look != card.copy}
        for card, sprite in self.sprites.items():
            sprite.look = self.looks.get(card, card.copy)

    def place_now(self, placements: dict[Card, Placement], cards) -> None:
        """Put `cards` exactly where they belong this frame (dragged cards)."""
        for card in cards:
            sprite = self.sprites.get(card)
            if sprite is not None and card in placements:
                sprite.snap(placements[card])
        self._order = None
        self._counts = None
        self._seen = {}

    @property
    def busy(self) -> bool:
        return any(not sprite.settled for sprite in self.sprites.values())

    def update(self, dt: float) -> None:
        if math.isinf(self.speed):
            self.finish_all()
            return
        scaled = dt * self.speed
        moved = False
        for sprite in self.sprites.values():
            if not sprite.settled:
                sprite.update(scaled)
                moved = True
        if moved:
            self._order = None
            self._counts = None
            self._seen = {}

    def finish_all(self) -> None:
        for sprite in self.sprites.values():
            sprite.finish()
        self._order = None
        self._counts = None
        self._seen = {}

    def draw_order(self) -> list[CardSprite]:
        """Visible sprites, lowest first (memoized until something moves)."""
        if self._order is None:
            self._order = sorted((s for s in self.sprites.values() if s.visible), key=lambda s: s.z)
        return self._order
