"""Watch Normal play as a partner sees it: Normal on every seat, games from given seeds, and
for each decision of interest the seat's observation in short and the move (stop 55).

    python tools/watch_normal.py --variant five-hand --seeds 55000 55030 --deals 4 [--quiet]
        [--kinds take,decline,gift,out,ask,answer,meldall,wild,discard_wild,deal]
        [--weights NAME=VALUE,...]

Kinds: `take` (a pile of 5 or more taken; `take:small` fewer), `decline` (a pile of 3 or more
left; `decline:small` fewer), `gift` (a discard the next player could take the pile with,
p >= 0.5, with 4 or more cards in the pile or a canasta to gain, and the four cheapest
discards by Normal's own weighing), `out` (going out possible: weighed, and the move),
`ask`, `answer` (the partner's yes or no, with its reason), `meldall` (a meld that leaves 3
cards or fewer without the canastas to go out), `wild` (wild cards laid without completing a
canasta), `discard_wild`, `deal` (each deal's end, the hands left). The summary counts every
kind (printed or not) and, after a "no", whether the answerer laid a wild card or any card on
its next turn. A summary line: the seat, its side, the seat sitting out (five-hand), the
deal's order of play, the partner it asks, the next player, the stock, the pile and the
urgency Normal weighs; every hand's size; the seat's hand; each side's melds (rank, size,
`*` a canasta, `wN` its wild cards). Classic-ranked melds only (no sequences are drawn).
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.knowledge import Knowledge  # noqa: E402
from game.bots.normal import NormalPolicy, NormalWeights, deal_urgency  # noqa: E402
from game.rules import Card, Game, Move, MoveKind, Observation, Phase, RulesConfig  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402

KINDS = ("take", "decline", "gift", "out", "ask", "answer", "meldall", "wild", "discard_wild", "deal")


def faces(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.face for c in sorted(cards, key=lambda c: (int(c.rank), c.face)))


def melds_text(obs: Observation, side: int) -> str:
    parts = []
    for m in obs.melds[side]:
        parts.append(f"{m.rank.symbol}{m.size}{'*' if m.is_canasta else ''}{f'w{m.wilds}' if m.wilds else ''}")
    return " ".join(parts) or "-"


def summary(kn: Knowledge, policy: NormalPolicy) -> str:
    obs = kn.obs
    order = kn.facts.play_order(obs.out)
    sizes = " ".join(f"{s}:{obs.hand_sizes[s]}" for s in order)
    top = obs.pile[-1].face if obs.pile else "-"
    frozen = " FROZEN" if obs.pile_frozen else ""
    sides = " | ".join(f"side {s}: {melds_text(obs, s)}" for s in range(kn.cfg.sides))
    return (
        f"  seat {obs.seat} (side {kn.side}) out={obs.out} order={order} partner={kn.partner()}"
        f" next={kn.next_player()} stock={obs.stock_size} pile={len(obs.pile)} top={top}{frozen}"
        f" urg={deal_urgency(kn, policy.weights(kn)):.2f}\n"
        f"  hands {sizes}; hand: {faces(obs.hand)}\n"
        f"  melds {sides}; scores {obs.scores}"
    )


class Watch:
    def __init__(self, policy: NormalPolicy, kinds: set[str], quiet: bool):
        self.policy = policy
        self.kinds = kinds
        self.quiet = quiet
        self.counts: collections.Counter[str] = collections.Counter()
        self.said_no: dict[int, tuple[int, int]] = {}  # seat -> (wild cards, cards) when it said no

    def say(self, kind: str, text: str) -> None:
        self.counts[kind] += 1
        if not self.quiet and kind.split(":")[0] in self.kinds:
            print(text)

    def decision(self, head: str, kn: Knowledge, move: Move) -> None:
        obs, policy = kn.obs, self.policy
        if obs.phase is Phase.DRAW:
            self.draw(head, kn, move)
        elif obs.phase is Phase.ANSWER:
            _, reason = policy.answer(kn)
            text = reason.text() if reason is not None else ""
            self.counts[f"answer {move}"] += 1
            self.say("answer", f"{head} ANSWER {move} ({text}) to {kn.partner()}\n{summary(kn, policy)}")
            if move.kind is MoveKind.NO:
                self.said_no[obs.seat] = (sum(1 for c in obs.hand if c.is_wild), len(obs.hand))
        else:
            self.meld_phase(head, kn, move)

    def draw(self, head: str, kn: Knowledge, move: Move) -> None:
        obs, policy = kn.obs, self.policy
        if not any(m.kind is MoveKind.TAKE for m in obs.legal):
            return
        best, score = policy.best_take(kn)
        n = len(obs.pile)
        if move.kind is MoveKind.TAKE:
            kind = "take" if n >= 5 else "take:small"
            self.say(kind, f"{head} TAKE {n} ({move}) score {score:.0f}\n{summary(kn, policy)}")
        else:
            kind = "decline" if n >= 3 else "decline:small"
            self.say(kind, f"{head} DECLINE {n} (best {best}) score {score:.0f}\n{summary(kn, policy)}")

    def meld_phase(self, head: str, kn: Knowledge, move: Move) -> None:
        obs, policy, cfg = kn.obs, self.policy, kn.cfg
        if obs.this_turn.answer is None:
            plan = kn.go_out_plan()
            if plan is not None:
                ow = policy.weigh_going_out(kn, plan)
                near = [(m.rank.symbol, size) for m, size in ow.near]
                self.counts[f"out possible, go={ow.go}"] += 1
                self.say(
                    "out",
                    f"{head} OUT POSSIBLE go={ow.go} move={move} partner cards={ow.partner_cards}"
                    f" near={near} cost {ow.near_cost:.0f} game margin={ow.game_margin}\n{summary(kn, policy)}",
                )
        if move.kind is MoveKind.ASK:
            self.say("ask", f"{head} ASK\n{summary(kn, policy)}")
        if move.kind is MoveKind.MELD:
            left = len(obs.hand) - sum(len(g.cards) for g in move.groups)
            made = kn.canastas(kn.side) + policy.canastas_made(kn, move)
            if 0 < left <= 3 and made < cfg.canastas_to_go_out:
                self.say("meldall", f"{head} MELD DOWN TO {left}, no canasta: {move}\n{summary(kn, policy)}")
            wilds = sum(1 for g in move.groups for c in g.cards if c.is_wild)
            if wilds and not policy.canastas_made(kn, move):
                self.say("wild", f"{head} WILD LAID ({wilds}), no canasta: {move}\n{summary(kn, policy)}")
        if move.kind is not MoveKind.DISCARD or move.card is None:
            return
        card = move.card
        if obs.seat in self.said_no:
            wilds, cards = self.said_no.pop(obs.seat)
            kept = sum(1 for c in obs.hand if c.is_wild) - (1 if card.is_wild else 0)
            self.counts[f"after a no: laid a wild card={kept < wilds}, laid a card={len(obs.hand) - 1 < cards}"] += 1
        if card.is_wild:
            self.say("discard_wild", f"{head} DISCARD WILD {card.face}\n{summary(kn, policy)}")
        weighed = policy.weigh_discard(kn, card)
        if weighed.p_take >= 0.5 and (len(obs.pile) >= 4 or weighed.gift > 0):
            cheapest = sorted((policy.weigh_discard(kn, c) for c in set(obs.hand)), key=lambda w: w.cost)[:4]
            alts = ", ".join(
                f"{w.card.face} {w.cost:.0f} (keep {w.keep:.0f} {w.kept_as}, p {w.p_take:.2f}, gift {w.gift:.0f})"
                for w in cheapest
            )
            self.say(
                "gift",
                f"{head} RISKY DISCARD {card.face} p={weighed.p_take:.2f} gift={weighed.gift:.0f} pile={len(obs.pile)}"
                f" to {kn.next_player()}; cheapest: {alts}\n{summary(kn, policy)}",
            )


def play_deals(
    variant: str,
    seed: int,
    deals: int,
    turn: Callable[[Game, int, int], None],
    deal_end: Callable[[Game, int], None],
) -> None:
    """One game from `seed` for up to `deals` deals: `turn(game, deal, seat)` plays each move
    (it must apply one), `deal_end(game, deal)` sees each deal's end, the game's last too."""
    game = Game(RulesConfig.for_variant(variant), seed, first_dealer=0)
    deal = 0
    while deal < deals:  # (a game's last deal is counted too: its result ends the loop)
        st = game.state
        if st.is_over:
            deal_end(game, deal)
            result = st.result
            assert result is not None  # a deal over has its result
            if result.game_over:
                break
            game.next_deal()
            deal += 1
            continue
        seat = st.to_act
        assert seat is not None  # a deal in play has a player to act
        turn(game, deal, seat)


def watch_game(variant: str, seed: int, deals: int, watch: Watch) -> None:
    def deal_end(game: Game, deal: int) -> None:
        st = game.state
        result = st.result
        assert result is not None  # a deal over has its result
        left = "; ".join(f"{s}: {faces(st.hands[s])}" for s in range(game.config.players))
        watch.counts[f"deal ends: {result.reason}"] += 1
        watch.counts["wild cards left in hands"] += sum(1 for h in st.hands for c in h if c.is_wild)
        watch.say(
            "deal",
            f"== seed {seed} deal {deal} ends: {result.reason} by {result.went_out}; {result.scores}; {left}",
        )

    def turn(game: Game, deal: int, seat: int) -> None:
        obs = game.state.observation(seat)
        move = watch.policy.choose(obs)
        watch.decision(f"-- seed {seed} deal {deal} seat {seat} {obs.phase.name}", Knowledge(obs), move)
        game.apply(move)

    play_deals(variant, seed, deals, turn, deal_end)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", choices=VARIANT_IDS, required=True)
    p.add_argument("--seeds", type=int, nargs=2, metavar=("FIRST", "END"), default=[55000, 55030])
    p.add_argument("--deals", type=int, default=4, help="deals watched per game (default 4)")
    p.add_argument("--kinds", default=",".join(KINDS), help="kinds printed (all are counted)")
    p.add_argument("--weights", default="", help="Normal's weights changed, e.g. answer_wild=1")
    p.add_argument("--quiet", action="store_true", help="the counts only")
    args = p.parse_args(argv)
    weights = NormalWeights.for_variant(args.variant)
    if args.weights:
        changed = {k.strip(): float(v) for k, v in (item.split("=") for item in args.weights.split(","))}
        weights = replace(weights, **changed)
    watch = Watch(NormalPolicy(weights), set(args.kinds.split(",")), args.quiet)
    for seed in range(*args.seeds):
        watch_game(args.variant, seed, args.deals, watch)
    for key, n in sorted(watch.counts.items()):
        print(f"{key}: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
