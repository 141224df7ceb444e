"""What `pnp score|check|simulate asterion` ask of the rules core (pnp.rules.api.GameRules).

Pure: parsed JSON in, text lines and JSON-ready data out. The CLI only reads files, prints
and writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pnp.rules.api import Report, RulesError, Simulation
from pnp.rules.asterion.check import check, check_text
from pnp.rules.asterion.read import table_from_dict
from pnp.rules.asterion.scoring import ScoreResult, score
from pnp.rules.asterion.table import Table, TableError
from pnp.rules.asterion.tiles import EDITIONS, tileset_json
from pnp.rules.asterion.validate import validate
from pnp.rules.options import Option, whole_number


def score_lines(table: Table, res: ScoreResult) -> list[str]:
    """The score table as text lines (shared by `pnp score` and `pnp referee`)."""
    fates = {s: sum(p.status == s for p in res.prisoners)
             for s in ("dead", "escaped", "trapped")}
    lines = [f"asterion {table.edition}{' with board' if table.board else ''}, "
             f"{len(table.players)} players, {len(table.tiles)} tiles: prisoners "
             f"{fates['dead']} dead, {fates['escaped']} escaping, {fates['trapped']} trapped"
             + (" (no kill points)" if table.no_kill_points else ""),
             f"{'colour':<8}{'escape':>7}{'kills':>7}{'total':>7}{'escapers':>10}"]
    for colour, s in res.players.items():
        lines.append(f"{colour:<8}{s.escape_points:>7}{s.kill_points:>7}{s.total:>7}"
                     f"{s.escapers:>10}{'  winner' if s.winner else ''}")
    if len(res.winners) > 1:
        lines.append(f"shared win: {', '.join(res.winners)} (the rules say: play again)")
    return lines


def tile_line(tile: dict[str, Any]) -> str:
    """One tile of `tileset_json`: id, colour, horns, and each region's ports and features."""
    regions = " | ".join(
        r["ports"] + "".join(f" {n} {name}" for name, n in
                             (("prisoner", r["prisoners"]), ("coin", r["coins"]),
                              ("wing", r["wings"])) if n)
        + (" Asterion" if r.get("asterion") else "") for r in tile["regions"])
    return (f"{tile['id']:<4} {tile['colour'] or 'minotaur':<8} "
            f"{'horns ' if tile['horns'] else '      '}{regions}")


NO_KILL_POINTS = Option("no_kill_points", "the variant without kill points.", "flag")
EDITION = Option("edition", "crete or revised (default crete).", choices=EDITIONS,
                 metavar="EDITION", short="-e")


class AsterionCommands:
    name = "asterion"
    score_options = (NO_KILL_POINTS,)
    check_options = (Option("target", "the tile whose prisoner is disputed, e.g. Y07.",
                            "argument", metavar="TARGET"),)
    simulate_options = (
        Option("players", "how many play, 2-4.", parse=whole_number("players"), metavar="N",
               short="-p"),
        EDITION,
        Option("board", "on the diamond board (crete).", "flag"),
        NO_KILL_POINTS,
    )

    pieces_options = (EDITION,)

    def pieces_report(self, edition: str = "crete") -> Report:
        """The tiles: ports as printed (tile upright), prisoners, coins, wings, horns."""
        data = tileset_json(edition)
        return Report([f"asterion {edition}: {len(data['tiles'])} tiles",
                       *map(tile_line, data["tiles"])], data)

    def read_state(self, data: Any) -> Table:
        table = table_from_dict(data)
        problems = validate(table)
        if problems:
            raise TableError(problems)
        return table

    def score_report(self, table: Table, no_kill_points: bool = False) -> Report:
        if no_kill_points:
            table = replace(table, no_kill_points=True)
        res = score(table)
        return Report(score_lines(table, res), res.to_dict())

    def check_report(self, table: Table, query: Mapping[str, Any]) -> Report:
        target = query.get("target")
        if not target:
            raise RulesError("name the tile whose prisoner is disputed, e.g. Y07")
        res = check(table, str(target).upper())
        return Report(check_text(res).splitlines(), res.to_dict())

    def simulate(self, seed: int, options: Mapping[str, Any]) -> Simulation:
        players = options.get("players", 4)
        edition = options.get("edition") or "crete"
        board = bool(options.get("board"))
        if edition not in EDITIONS:
            raise RulesError(f"unknown edition {edition!r} (choose from: {', '.join(EDITIONS)})")
        if players not in (2, 3, 4):
            raise RulesError(f"--players must be 2, 3 or 4 for asterion, not {players}")
        if board and edition != "crete":
            raise RulesError(f"the {edition} edition has no board (--board is for crete)")
        # the simulator, loaded here: `pnp score` and `pnp check` do without it
        from pnp.rules.asterion import game

        state = game.simulate(seed, players, edition, board, bool(options.get("no_kill_points")))
        res = game.result(state)
        totals = ", ".join(f"{c} {s.total}" for c, s in res.players.items())
        won = f"winner{'s' if len(res.winners) > 1 else ''} {', '.join(res.winners)}"
        return Simulation({"table.json": state.table().to_json(),
                           "log.txt": game.game_log(state)},
                          f"{state.moves} turns, {len(state.tiles) - 1} tiles placed; "
                          f"{totals}; {won}")


COMMANDS = AsterionCommands()
