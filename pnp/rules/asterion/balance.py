"""Balance report: statistics from many seeded random games (docs/asterion-tileset.md).

    python -m pnp.rules.asterion.balance [--games 2000]

Prints a Markdown table per setup (edition, board, player count): prisoners killed,
escapes, coin points, score spread, how often a player has no legal placement. Random
players are a floor, not a forecast: they show whether the tileset lets prisoners escape
and Asterion kill at all, and whether anything is degenerate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field

from pnp.rules.asterion.game import result, simulate

SETUPS = [("crete", True, 4), ("crete", True, 3), ("crete", True, 2),
          ("crete", False, 4), ("crete", False, 3), ("crete", False, 2),
          ("revised", False, 4), ("revised", False, 3), ("revised", False, 2)]


@dataclass
class Tally:
    games: int = 0
    prisoners: list[int] = field(default_factory=list)    # placed, per game
    killed: list[int] = field(default_factory=list)
    escaped: list[int] = field(default_factory=list)
    flown: list[int] = field(default_factory=list)         # escaped by wings, no exit
    trapped: list[int] = field(default_factory=list)
    coin_points: list[int] = field(default_factory=list)   # per player
    kill_points: list[int] = field(default_factory=list)   # per player
    totals: list[int] = field(default_factory=list)        # per player
    spread: list[int] = field(default_factory=list)        # best - worst total, per game
    zero_scorers: int = 0                                  # players ending on <= 0
    turns: int = 0
    forced_discards: int = 0                               # turns without a legal move
    games_with_discard: int = 0
    actions: int = 0
    shared_wins: int = 0
    start_wins: float = 0.0                                # start player's share of wins


def play(edition: str, board: bool, players: int, games: int) -> Tally:
    tally = Tally()
    for seed in range(games):
        state = simulate(seed, players, edition, board)
        res = result(state)
        tally.games += 1
        fates = [p.status for p in res.prisoners]
        tally.prisoners.append(len(fates))
        tally.killed.append(fates.count("dead"))
        tally.escaped.append(fates.count("escaped"))
        tally.trapped.append(fates.count("trapped"))
        tally.flown.append(sum(p.status == "escaped" and not p.exit for p in res.prisoners))
        totals = [s.total for s in res.players.values()]
        for s in res.players.values():
            tally.coin_points.append(s.escape_points)
            tally.kill_points.append(s.kill_points)
            tally.totals.append(s.total)
            tally.zero_scorers += s.total <= 0
        tally.spread.append(max(totals) - min(totals))
        moves = state.log[1:]
        discards = sum(" discard " in f" {line} " for line in moves)
        tally.turns += len(moves)
        tally.forced_discards += discards
        tally.games_with_discard += discards > 0
        tally.actions += sum(any(f" {a} " in line for a in ("rotate", "swap", "move"))
                             for line in moves)
        tally.shared_wins += len(res.winners) > 1
        if state.start in res.winners:
            tally.start_wins += 1 / len(res.winners)
    return tally


def _mean(values: list[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def row(label: str, t: Tally) -> str:
    placed = sum(t.prisoners)
    cells = [
        label, f"{t.games}",
        f"{_mean(t.killed):.1f} ({100 * sum(t.killed) / placed:.0f}%)",
        f"{_mean(t.escaped):.1f} ({100 * sum(t.escaped) / placed:.0f}%)",
        f"{100 * sum(t.flown) / max(1, sum(t.escaped)):.0f}%",
        f"{_mean(t.trapped):.1f} ({100 * sum(t.trapped) / placed:.0f}%)",
        f"{_mean(t.coin_points):.1f}",
        f"{_mean(t.kill_points):+.2f} (sd {statistics.pstdev(t.kill_points):.1f})",
        f"{_mean(t.totals):.1f} (sd {statistics.pstdev(t.totals):.1f})",
        f"{_mean(t.spread):.1f}",
        f"{100 * t.zero_scorers / len(t.totals):.1f}%",
        f"{100 * t.forced_discards / t.turns:.2f}% / {100 * t.games_with_discard / t.games:.0f}%",
        f"{100 * t.shared_wins / t.games:.1f}%",
        f"{100 * t.start_wins / t.games:.0f}% (fair {100 / (len(t.totals) / t.games):.0f}%)",
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = ("| setup | games | killed / game | escaping / game | of them by wings only | "
          "trapped / game | coin points / player | kill points / player | total / player | "
          "best − worst | players ≤ 0 | no legal move: turns / games | shared wins | "
          "start player wins |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per setup")
    args = parser.parse_args(argv)
    print(HEADER)
    print("|" + "---|" * 14)
    started = time.perf_counter()
    for edition, board, players in SETUPS:
        label = f"{edition}{' board' if board else ''} {players}p"
        print(row(label, play(edition, board, players, args.games)), flush=True)
    print(f"\n({args.games} seeded games per setup, seeds 0..{args.games - 1}, "
          f"{time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())


def designs(edition: str, board: bool, players: int, games: int) -> list[str]:
    """Per design: how its prisoners fare and what they score (Markdown rows)."""
    from pnp.rules.asterion.tiles import load_tileset

    tiles = load_tileset(edition)
    fates: dict[int, list[str]] = {}
    points: dict[int, list[int]] = {}
    for seed in range(games):
        for p in result(simulate(seed, players, edition, board)).prisoners:
            design = tiles[p.tile].design
            fates.setdefault(design, []).append(p.status)
            points.setdefault(design, []).append(p.points)
    rows = ["| design | placed | dead | escaping | trapped | points when placed |",
            "|---|---|---|---|---|---|"]
    for design in sorted(fates):
        f = fates[design]
        rows.append(f"| {design:02d} | {len(f)} | {100 * f.count('dead') / len(f):.0f}% | "
                    f"{100 * f.count('escaped') / len(f):.0f}% | "
                    f"{100 * f.count('trapped') / len(f):.0f}% | "
                    f"{_mean(points[design]):.2f} |")
    return rows


def designs_main() -> None:
    for edition, board, players in (("crete", True, 4), ("crete", False, 4)):
        print(f"\n{edition}{' board' if board else ''} {players}p, 1000 games:\n")
        print("\n".join(designs(edition, board, players, 1000)))
