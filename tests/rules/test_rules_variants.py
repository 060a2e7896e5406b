"""Variants as data (game/rules/variants.py): the one list, and what derives from it."""

from __future__ import annotations

import pytest

from game.rules import VARIANT_IDS, VARIANTS, PositionError, RulesConfig
from game.rules.config import TARGETS
from game.rules.variants import APP_VARIANT_IDS, CLASSIC_RULES, variant_named


def test_ids_are_unique_and_classic_comes_first():
    assert VARIANT_IDS[0] == "classic"
    assert len(set(VARIANT_IDS)) == len(VARIANT_IDS)
    assert variant_named("classic") is CLASSIC_RULES and variant_named("samba-x") is None


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_every_seat_is_on_exactly_one_side_and_named(variant):
    seats = sorted(s for side in variant.sides for s in side)
    assert seats == list(range(variant.players))
    assert len(variant.seat_names) == variant.players
    assert (variant.targets and all(t > 0 for t in variant.targets)) or (variant.deals and not variant.targets)


@pytest.mark.parametrize(
    "variant,players,dealt,draw,need,sides,partners",
    [
        ("classic", 4, 11, 1, 1, 2, {0: 2, 1: 3, 2: 0, 3: 1}),
        ("two-hand", 2, 15, 2, 2, 2, {0: None, 1: None}),
        ("three-hand", 3, 13, 2, 1, 3, {0: None, 1: None, 2: None}),
    ],
)
def test_config_of_the_rules_md_variants(variant, players, dealt, draw, need, sides, partners):
    # RULES.md section 10, exactly as the engine played them before variants were data.
    cfg = RulesConfig.for_variant(variant)
    assert (cfg.players, cfg.hand_size, cfg.draw_count, cfg.canastas_to_go_out, cfg.sides) == (
        players,
        dealt,
        draw,
        need,
        sides,
    )
    assert {s: cfg.partner_of(s) for s in range(players)} == partners
    assert cfg.partnerships == (variant == "classic") == cfg.ask_allowed
    for seat in range(players):
        assert seat in cfg.seats_of_side(cfg.side_of(seat))
    assert cfg.target == 5000 and RulesConfig.for_variant(variant, 2500).target == 2500


@pytest.mark.parametrize(
    "score,minimum", [(-5, 15), (-1, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)]
)
@pytest.mark.parametrize("variant", ["classic", "two-hand", "three-hand"])
def test_minimum_table_R_MIN(variant, score, minimum):
    assert RulesConfig.for_variant(variant).minimum_for(score) == minimum


@pytest.mark.parametrize("count,points", [(0, 0), (1, 100), (3, 300), (4, 800)])
def test_red_three_scheme_R_SCORE(count, points):
    assert CLASSIC_RULES.red_three_points(count) == points


def test_unknown_variant_and_target_are_refused():
    with pytest.raises(PositionError, match="unknown variant"):
        RulesConfig.for_variant("canasta-royale")
    with pytest.raises(PositionError, match="target"):
        RulesConfig.for_variant("classic", 3000)
    assert set(TARGETS) == {t for v in VARIANTS for t in v.targets}


def test_configs_compare_by_variant_and_target():
    assert RulesConfig() == RulesConfig.for_variant("classic", 5000)
    assert RulesConfig("two-hand") != RulesConfig()
    assert hash(RulesConfig("two-hand", 2500)) == hash(RulesConfig.for_variant("two-hand", 2500))


def test_the_command_lines_and_menus_take_their_lists_from_the_variants():
    import main
    from game.bots import LEVELS
    from game.bots.arena import main as arena_main  # noqa: F401  (imports cleanly)
    from game.scenes.new_game import LEVEL_CHOICES, VARIANT_CHOICES, seat_labels

    args = main.parse_args(["--variant", APP_VARIANT_IDS[-1]])
    assert args.variant == APP_VARIANT_IDS[-1]
    assert [v for v, _ in VARIANT_CHOICES] == list(APP_VARIANT_IDS)
    assert [lv for lv, _ in LEVEL_CHOICES] == list(LEVELS)
    assert seat_labels("classic") == {0: "South", 1: "West (opponent)", 2: "North (partner)", 3: "East (opponent)"}
    assert seat_labels("three-hand") == {0: "South", 1: "West (opponent)", 2: "East (opponent)"}


def test_no_other_copy_of_the_variant_ids_or_the_bot_levels():
    """One source for every list (DEVELOPERS.md): variant ids appear as literals only in
    game/rules/variants.py ("classic", the default, excepted), and the bot levels are
    listed together only in game/bots/base.py."""
    import ast
    from pathlib import Path

    from game.bots import LEVELS

    root = Path(__file__).resolve().parents[2]
    ids = set(VARIANT_IDS) - {"classic"}
    files = [*root.glob("game/**/*.py"), root / "main.py", *root.glob("tools/*.py")]
    for path in files:
        relative = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if relative != "game/rules/variants.py" and isinstance(node, ast.Constant):
                assert node.value not in ids, f"{relative}:{node.lineno}: {node.value!r}"
            if relative != "game/bots/base.py" and isinstance(node, (ast.Tuple, ast.List, ast.Dict)):
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                values = {n.value for n in items if isinstance(n, ast.Constant)}
                assert not set(LEVELS) <= values, f"{relative}:{node.lineno}: a list of levels"
