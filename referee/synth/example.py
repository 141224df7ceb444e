"""The photo generator's command line, shared by every game's scene module
(`python -m referee.<game>.synth`): write the README's example photo and its state, or
photograph a state file (or a seeded random game) under a preset's conditions.

A game gives only what is its own: how to photograph its state, its example's state and
file names, a default state for a seed, and any options of its own (a web side, a player
count). Game-neutral: it never imports a game.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from referee.synth.photo import PRESETS, Conditions, SynthPhoto

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# the README's example: the default preset, a phone's 8 MP, tilted as a hand holds it
EXAMPLE_CONDITIONS = replace(PRESETS["default"], megapixels=8.0, tilt_deg=20.0)

Photograph = Callable[[dict, Conditions, int], SynthPhoto]


@dataclass(frozen=True)
class Example:
    """A game's example: `examples/<stem>.jpg` and the state it shows, `<json>`."""
    stem: str
    state: Callable[[], dict]
    seed: int = 7
    json_name: str = ""             # default: <stem>.json

    def paths(self, folder: Path) -> tuple[Path, Path]:
        return folder / f"{self.stem}.jpg", folder / (self.json_name or f"{self.stem}.json")


def write_example(folder: Path, example: Example, photograph: Photograph
                  ) -> tuple[Path, Path]:
    """The example photo and its state, each written whole (temp file, then rename)."""
    from pnp.fileio import write_bytes, write_text

    state = example.state()
    shot = photograph(state, EXAMPLE_CONDITIONS, example.seed)
    jpg, js = example.paths(folder)
    write_bytes(jpg, shot.jpeg)
    write_text(js, json.dumps(state, indent=1) + "\n")
    return jpg, js


def main(argv: list[str] | None, *, description: str, example: Example,
         photograph: Photograph, random_state: Callable[[argparse.Namespace], dict],
         out: Path, state_flag: str = "--state",
         add_options: Callable[[argparse.ArgumentParser], None] | None = None,
         extra: Callable[[argparse.Namespace], int | None] | None = None) -> int:
    """The generator's command line. `random_state(args)` is the state photographed when
    no state file is given (from `args.seed` and the game's own options); `extra(args)`
    runs a game's own action first, and ends the command if it returns a code."""
    parser = argparse.ArgumentParser(description=description)
    jpg, js = example.paths(Path("examples"))
    parser.add_argument("--example", action="store_true", help=f"write {jpg} and {js}")
    parser.add_argument(state_flag, dest="state", type=Path,
                        help="a state file to photograph")
    if add_options is not None:
        add_options(parser)
    parser.add_argument("--preset", default="default", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=out)
    args = parser.parse_args(argv)
    if extra is not None and (code := extra(args)) is not None:
        return code
    if args.example:
        for path in write_example(EXAMPLES, example, photograph):
            print(f"wrote {path}")
        return 0
    state = json.loads(args.state.read_text()) if args.state else random_state(args)
    shot = photograph(state, PRESETS[args.preset], args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(shot.jpeg)
    covered = getattr(shot, "covered_markers", None)
    hidden = f"; covered markers: {sorted(covered)}" if covered is not None else ""
    print(f"wrote {args.out} ({shot.image.shape[1]}x{shot.image.shape[0]}, "
          f"{len(shot.jpeg) // 1024} KB){hidden}")
    return 0
