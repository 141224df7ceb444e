"""`pnp serve`: score a finished table from the phone.

A small web app on the computer the game was printed from: the phone opens its page (a QR
code in the terminal gives the address and a random access token), photographs the table,
and gets the score, the overlay, the rules' answer to a tapped tile or node, and a way to
correct what the referee could not see. Everything goes through the same parts as the CLI:
the game registry (`pnp.games`), each game's referee (`referee.api.GameReferee`) and rules
(`pnp.rules.api.GameRules`), the bounded input layer (`pnp.inputs`, `referee.image`).

- `app.py`: the Starlette app (routes, the token gate, friendly errors);
- `desk.py`: the referee's desk: photos read one at a time in the order they came;
- `results.py`: a verdict as the page shows it (score table, problems, corrections, taps);
- `network.py`: the local address, the listening socket, the QR code, running uvicorn;
- `static/`: the page (plain HTML, CSS and a little JavaScript, nothing from the internet).

Needs the `serve` extra (starlette, uvicorn, segno): `pip install -e '.[serve]'`.
"""

from __future__ import annotations

from pnp.serve.app import ServeConfig, create_app, new_token

__all__ = ["ServeConfig", "create_app", "new_token"]
