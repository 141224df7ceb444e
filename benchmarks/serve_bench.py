"""pnp serve's speed: a 12 MP JPEG uploaded over loopback to the score shown.

Usage: python benchmarks/serve_bench.py [--photos 20] [--distinct 4] [--phones 1,4] [--seed 1]
       python benchmarks/serve_bench.py --examples [--photos 10]

Runs the real server (uvicorn, the app of `pnp serve`) on 127.0.0.1 and uploads generated
12 MP photos of finished Asterion games (the referee benchmark's default preset: seeded
random legal games, on the Crete board or an open table, 2-4 players; re-encoded at a
phone camera's JPEG quality) over HTTP, as the page does: the raw JPEG in one POST, whose
answer carries the score; then the overlay JPEG the page shows beside it. Photos the
referee is unsure of are passed over (accuracy is referee_bench.py's business); every
answer must be SURE with the truth's score, or the run fails.

Prints per number of phones uploading at once: upload to score p50/p95 (the
target: p50 under 1 s on this machine, one phone), upload to overlay shown p50/p95, the
referee's own time (queue + read + overlay drawn) and photos per second.

`--examples`: every game's README example photo (examples/*.jpg, 8 MP, as a new user tries
it), one phone: the first upload after the server starts (the referee's caches cold), then
`--photos` more; upload to score and to the overlay shown.

Measured (2 shared cores, load average 5-8, --photos 40): one phone p50 0.35 s, p95
0.65 s (0.35-0.49 s and 0.65-1.05 s over three runs); four phones p50 0.92 s, 3.9
photos/s. docs/serve.md keeps the table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import httpx

from pnp import games
from pnp.serve import ServeConfig, create_app, network, new_token
from pnp.serve.results import score_table


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def photos(count: int, seed: int, quality: int) -> tuple[list[tuple[bytes, dict, dict]], int]:
    """`count` generated games the referee reads for sure: (12 MP JPEG re-encoded at a
    phone's `quality`, options as typed, expected score table); and how many photos were
    passed over because the referee was unsure of them (the referee benchmark's business)."""
    referee = games.part("asterion", "referee")
    kit = referee.accuracy()
    shown = {o.name: o for o in referee.form_options()}
    commands = games.get_commands("asterion")
    step = len(kit.presets) * len(kit.resolutions)    # same preset and resolution, next game
    made: list[tuple[bytes, dict, dict]] = []
    k = unsure = 0
    while len(made) < count:
        case = kit.case(k * step, seed + k)
        assert case.preset == "default" and case.megapixels == 12.0, case.name
        image = kit.photograph(case, seed + k).image
        k += 1
        ok, buffer = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        options = {n: shown[n].show(v) for n, v in case.options.items()}
        if case.truth.get("kill_points"):
            options["kill_points"] = shown["kill_points"].show(case.truth["kill_points"])
        typed = {n: shown[n].value(t) for n, t in options.items()}
        if not referee.read(buffer.tobytes(), **typed).is_certain:
            unsure += 1
            continue
        expected = score_table(commands.score_report(commands.read_state(case.truth)).data)
        made.append((buffer.tobytes(), {f"o.{n}": t for n, t in options.items()}, expected))
    return made, unsure


def upload(client: httpx.Client, token: str, jpeg: bytes, options: dict,
           expected: dict) -> tuple[float, float, float]:
    """(seconds to the score, seconds to the overlay too, the referee's own seconds)."""
    start = time.perf_counter()
    r = client.post("/api/photos", params={"game": "asterion", "t": token, **options},
                    content=jpeg, headers={"Content-Type": "application/octet-stream"})
    scored = time.perf_counter() - start
    data = r.json()
    if r.status_code != 200 or not data.get("certain"):
        raise SystemExit(f"not scored for sure: {r.status_code} {data.get('error') or ''}")
    if {k: data["score"][k] for k in expected} != expected:
        raise SystemExit(f"wrong score for photo {data['number']}")
    overlay = client.get(data["overlay"]["url"], params={"t": token})
    overlay.raise_for_status()
    return scored, time.perf_counter() - start, data["seconds"]


EXAMPLES = {"asterion": ("endgame.jpg", {"o.kill_points": "yellow=-2,blue=1,green=1"}),
            "spider-twist": ("spider-twist.jpg", {}),
            "constructo": ("constructo.jpg", {}),
            "assyria": ("assyria.jpg", {"o.turn": "1", "o.new_wells": "none"})}


def timed(client: httpx.Client, token: str, game: str, jpeg: bytes,
          options: dict) -> tuple[float, float, float]:
    """One upload of a game's photo: (seconds to the score, to the overlay too, referee's)."""
    start = time.perf_counter()
    r = client.post("/api/photos", params={"game": game, "t": token, **options},
                    content=jpeg, headers={"Content-Type": "application/octet-stream"})
    scored = time.perf_counter() - start
    data = r.json()
    if r.status_code != 200 or not data.get("certain"):
        raise SystemExit(f"{game}: not scored for sure: {r.status_code} {data.get('error')}")
    client.get(data["overlay"]["url"], params={"t": token}).raise_for_status()
    return scored, time.perf_counter() - start, data["seconds"]


def examples(count: int) -> int:
    """Every game's example photo, one phone: the first upload, then `count` more."""
    folder = Path(__file__).resolve().parents[1] / "examples"
    token = new_token()
    with tempfile.TemporaryDirectory() as work:
        app = create_app(ServeConfig(token, Path(work)))
        with network.serving(app, network.listen(network.LOCALHOST, 0)) as base, \
                httpx.Client(base_url=base, timeout=120) as client:
            print(f"server: {base} (uvicorn, loopback); one phone, {count} uploads a game")
            print(f"{'game':<13} {'first':>6} {'score p50':>10} {'p95':>6} "
                  f"{'overlay p50':>12} {'referee p50':>12}")
            for game, (name, options) in EXAMPLES.items():
                jpeg = (folder / name).read_bytes()
                first = timed(client, token, game, jpeg, options)
                times = [timed(client, token, game, jpeg, options) for _ in range(count)]
                score, shown, own = ([t[i] for t in times] for i in range(3))
                print(f"{game:<13} {first[0]:>5.2f}s {percentile(score, .5):>9.2f}s "
                      f"{percentile(score, .95):>5.2f}s {percentile(shown, .5):>11.2f}s "
                      f"{percentile(own, .5):>11.2f}s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=20, help="uploads per row")
    parser.add_argument("--distinct", type=int, default=4, help="different games photographed")
    parser.add_argument("--phones", default="1,4", help="phones uploading at once, per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quality", type=int, default=92,
                        help="JPEG quality of the uploads (a phone's camera: 90-95)")
    parser.add_argument("--examples", action="store_true",
                        help="every game's example photo instead, one phone")
    args = parser.parse_args(argv)
    if args.examples:
        return examples(args.photos)
    phones = [int(p) for p in args.phones.split(",")]

    t0 = time.perf_counter()
    made, unsure = photos(args.distinct, args.seed, args.quality)
    size = statistics.mean(len(j) for j, _, _ in made) / 1e6
    print(f"{args.distinct} photos generated in {time.perf_counter() - t0:.1f} s "
          f"(12 MP, JPEG quality {args.quality}, mean {size:.1f} MB; {unsure} passed over: "
          "the referee was unsure of them)")
    token = new_token()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(ServeConfig(token, Path(folder)))
        with network.serving(app, network.listen(network.LOCALHOST, 0)) as base:
            print(f"server: {base} (uvicorn, loopback)")
            print(f"{'phones':>6} {'uploads':>7} {'score p50':>10} {'p95':>6} "
                  f"{'overlay p50':>12} {'p95':>6} {'referee p50':>12} {'photos/s':>9}")
            for n in phones:
                clients = [httpx.Client(base_url=base, timeout=120) for _ in range(n)]
                for c in clients:                                   # warm: connect, caches
                    upload(c, token, *made[0])

                def one(i: int, clients=clients) -> tuple[float, float, float]:
                    return upload(clients[i % len(clients)], token, *made[i % len(made)])

                start = time.perf_counter()
                with ThreadPoolExecutor(n) as pool:
                    times = list(pool.map(one, range(args.photos)))
                wall = time.perf_counter() - start
                for c in clients:
                    c.close()
                score = [t[0] for t in times]
                shown = [t[1] for t in times]
                own = [t[2] for t in times]
                print(f"{n:>6} {args.photos:>7} {percentile(score, .5):>9.2f}s "
                      f"{percentile(score, .95):>5.2f}s {percentile(shown, .5):>11.2f}s "
                      f"{percentile(shown, .95):>5.2f}s {percentile(own, .5):>11.2f}s "
                      f"{args.photos / wall:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
