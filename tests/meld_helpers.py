"""Melds from notation for the table tests, and crowded meld areas: sides that have melded
nine to eleven ranks (three-hand's and six-hand's halves of the top are 393 units wide), red
threes, Samba's dozen groups and eight runs (the table's and the deal review's tests lay
them out)."""

from __future__ import annotations

from tests.rules_helpers import position

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def group(rank: str, naturals: int, wilds: str = "", start: int = 0) -> str:
    """`naturals` cards of `rank`, suits in turn from the `start`th of H D C S, then `wilds`."""
    return " ".join([f"{'HDCS'[(start + i) % 4]}{rank}" for i in range(naturals)] + wilds.split())


def run(suit: str, low: int, length: int) -> str:
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    return " ".join(f"{suit}{names.get(rank, rank)}" for rank in range(low, low + length))


def every_rank(naturals: int, start: int = 0, **wilds: str) -> dict[str, str]:
    """A meld of every rank (`wilds`: rank=cards added to that rank's meld, "r10" for 10)."""
    return {rank: group(rank, naturals, wilds.get(f"r{rank}", ""), start) for rank in RANKS}


CROWDED = {
    "classic": dict(
        variant="classic",
        melds=[every_rank(4, rA="JK", rK="JK H2 D2"), every_rank(4, rQ="C2 S2 JK", r9="JK H2")],
        red_threes=["H3 D3", "H3 D3"],
    ),
    "three-hand": dict(
        variant="three-hand",
        melds=[{"4": "C4 S4 H2"}, every_rank(3, rK="JK JK"), every_rank(3, 3, rA="JK JK S2")],
        red_threes=["", "H3 D3", "H3 D3"],
    ),
    "three-hand-mid-deal": dict(  # eight melds; seven and a red three: one row of smaller cards
        variant="three-hand",
        melds=[
            {"A": "HA DA C2"},
            {rank: group(rank, 3, "JK" if rank == "6" else "") for rank in RANKS[:8]},
            {rank: group(rank, 3, "JK JK S2" if rank == "K" else "", 3) for rank in RANKS[4:]},
        ],
        red_threes=["", "", "H3"],
    ),
    "six-hand": dict(
        variant="six-hand",
        melds=[every_rank(4), every_rank(4), every_rank(4, rK="JK JK JK")],
        red_threes=["H3", "H3 H3 D3 D3 D3", ""],
    ),
    "six-hand-2x3": dict(
        variant="six-hand-2x3",
        melds=[every_rank(6, rA="JK", r9="C9"), every_rank(5, 3, rK="JK H2")],
        red_threes=["H3 H3 H3", "D3 D3 D3"],
    ),
    "samba": dict(
        variant="samba",
        melds=[
            [group(rank, 7 if rank == "9" else 3) for rank in RANKS]
            + [group("9", 3, start=3)]
            + [run("S", 4, 5), run("S", 10, 5), run("D", 4, 4), run("D", 10, 4)]
            + [run("C", 5, 4), run("C", 10, 4), run("H", 5, 4), run("H", 10, 4)],
            [group(rank, 3, start=1) for rank in RANKS[3:] if rank != "9"] + [run("S", 5, 6), run("H", 6, 3)],
        ],
        red_threes=["H3 D3", ""],
    ),
    "bolivia": dict(
        variant="bolivia",
        melds=[
            [group(rank, 3) for rank in RANKS]
            + ["JK D2 S2", "JK JK C2 H2"]
            + [run("S", 4, 5), run("S", 10, 5), run("D", 4, 4), run("C", 5, 7), run("H", 10, 4)],
            [group(rank, 3, start=1) for rank in RANKS[:6]] + [run("D", 9, 6), run("C", 12, 3)],
        ],
    ),
}


def crowded_position(name: str):
    """CROWDED[name] on the table, South to draw (the deal review's crowded sides too)."""
    spec = CROWDED[name]
    return position(
        ["C3"],
        melds=spec["melds"],
        red_threes=spec.get("red_threes"),
        variant=spec["variant"],
        discard="S3",
        stock="C3 S3",
    )
