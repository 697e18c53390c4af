"""What a captain earns on the voyage (issue 22), pure: a naval rank that rises with his stars,
medals for feats, and the paints and flags his fleet may wear, unlocked by rank and medals.

Names live in the translations: ``rank.<key>``, ``medal.<key>.name`` and ``.about``,
``paint.<key>``, ``flag.<key>``. A medal's feat in a battle is the mode's own measure
(``ModeEntry.feats``); the voyage's medals are given by ``game.campaign``.
"""

from __future__ import annotations

from dataclasses import dataclass

# (key, stars needed): Юнга → Матрос → … → Адмирал флота. Two voyages hold 3 × 27 = 81 stars;
# the last rank wants nearly all of them.
RANKS: tuple[tuple[str, int], ...] = (
    ("cabin_boy", 0), ("sailor", 3), ("able_seaman", 7), ("petty_officer", 12),
    ("boatswain", 17), ("midshipman", 22), ("sub_lieutenant", 28), ("lieutenant", 34),
    ("lieutenant_commander", 40), ("commander", 47), ("captain", 54), ("rear_admiral", 61),
    ("vice_admiral", 68), ("admiral_of_the_fleet", 76),
)


@dataclass(frozen=True)
class Rank:
    key: str
    index: int          # 0 for the first rank
    stars_at: int       # the stars this rank starts at
    next_at: int | None   # the stars of the next rank (None at the top)

    @property
    def name_key(self) -> str:
        return f"rank.{self.key}"


def rank_of(stars: int) -> Rank:
    """The rank ``stars`` (the captain's best stars over every port) have earned."""
    index = max(i for i, (_, at) in enumerate(RANKS) if stars >= at)
    key, at = RANKS[index]
    nxt = RANKS[index + 1][1] if index + 1 < len(RANKS) else None
    return Rank(key, index, at, nxt)


# Feats of one battle (a mode's ``feats``), the boss beaten on Hard, and the voyage's own.
BATTLE_MEDALS = ("untouched", "sharpshooter", "fort_by_boat", "torpedo_win")
MEDALS: tuple[str, ...] = BATTLE_MEDALS + ("boss_hard", "voyage_europe", "voyage_arctic",
                                          "all_stars")
SHARPSHOOTER = 2.5      # a Classic fleet sunk within this many shots per deck


def voyage_medal(voyage_id: str) -> str:
    return f"voyage_{voyage_id}"


# Paints and flags: (key, what unlocks it). "rank:N" is the rank of index N; "medal:KEY" a medal.
PAINTS: tuple[tuple[str, str], ...] = (
    ("grey", ""), ("navy", "rank:2"), ("sand", "rank:4"), ("red_lead", "rank:7"),
    ("dazzle", "medal:voyage_europe"), ("black_gold", "medal:all_stars"),
)
FLAGS: tuple[tuple[str, str], ...] = (
    ("ensign", ""), ("signal", "rank:1"), ("jack", "rank:5"), ("pennant", "medal:untouched"),
    ("jolly", "medal:boss_hard"), ("admiral", "rank:11"),
)

# Colours of each paint for the renderer: hull sides, deck, trim (superstructure, edges).
PAINT_COLOURS: dict[str, dict[str, tuple[int, int, int]]] = {
    "grey": {"hull": (128, 136, 146), "deck": (170, 176, 182), "trim": (82, 90, 100)},
    "navy": {"hull": (44, 62, 98), "deck": (150, 160, 176), "trim": (214, 220, 228)},
    "sand": {"hull": (196, 178, 140), "deck": (226, 214, 186), "trim": (120, 100, 70)},
    "red_lead": {"hull": (150, 62, 46), "deck": (120, 112, 104), "trim": (40, 40, 44)},
    "dazzle": {"hull": (226, 228, 232), "deck": (64, 74, 92), "trim": (24, 28, 36)},
    "black_gold": {"hull": (30, 30, 34), "deck": (92, 80, 60), "trim": (212, 172, 72)},
}

# A flag as bands: ("h"|"v"|"cross"|"saltire"|"field", colour, …) drawn in order over the field.
FLAG_DESIGNS: dict[str, tuple] = {
    "ensign": (("field", (245, 245, 245)), ("saltire", (40, 90, 170))),
    "signal": (("field", (236, 196, 40)), ("v", (30, 60, 140), 0.5)),
    "jack": (("field", (200, 40, 40)), ("cross", (245, 245, 245)), ("saltire", (40, 90, 170))),
    "pennant": (("field", (40, 90, 170)), ("h", (245, 245, 245), 0.5)),
    "jolly": (("field", (20, 20, 24)), ("cross", (235, 235, 235))),
    "admiral": (("field", (245, 245, 245)), ("saltire", (40, 90, 170)), ("h", (200, 40, 40), 0.2)),
}


def _met(condition: str, rank: Rank, medals) -> bool:
    if not condition:
        return True
    kind, _, what = condition.partition(":")
    if kind == "rank":
        return rank.index >= int(what)
    return what in medals


def unlocked(table, progress) -> list[str]:
    """The keys of ``table`` (``PAINTS`` or ``FLAGS``) the captain of ``progress`` may use."""
    rank = rank_of(progress.total_stars)
    return [key for key, cond in table if _met(cond, rank, progress.medals)]


def unlocked_paints(progress) -> list[str]:
    return unlocked(PAINTS, progress)


def unlocked_flags(progress) -> list[str]:
    return unlocked(FLAGS, progress)


def unlock_words(table, key: str) -> tuple[str, dict]:
    """How ``key`` of ``table`` is unlocked, as a translation key and its fields."""
    cond = dict(table)[key]
    kind, _, what = cond.partition(":")
    if kind == "rank":
        return "reward.unlock.rank", {"rank": RANKS[int(what)][0]}
    if kind == "medal":
        return "reward.unlock.medal", {"medal": what}
    return "reward.unlock.free", {}


def paint_colours(key: str) -> dict:
    return PAINT_COLOURS.get(key, PAINT_COLOURS["grey"])


def flag_design(key: str) -> tuple:
    return FLAG_DESIGNS.get(key, FLAG_DESIGNS["ensign"])
