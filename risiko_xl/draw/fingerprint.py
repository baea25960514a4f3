"""SHA-256 fingerprint of everything a draw depends on.

Canonical serialisation: JSON with sorted keys, no whitespace, UTF-8, players sorted by
id (the engine sorts them too, so input order never matters), the seed type-tagged
('int:42' / 'str:abc'), the policy and criteria names normalised, and the engine version
(a new engine may seat differently, so it is part of what the draw depends on).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from risiko_xl.draw.model import ENGINE_VERSION, DrawInput, Player
from risiko_xl.draw.rng import canonical_seed
from risiko_xl.draw.sizes import normalise_policy


def _player(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "club": (p.club or "").strip().casefold(),
        "region": (p.region or "").strip().casefold(),
        "history": list(p.history),
        "winner": bool(p.winner),
        "fives": p.fives,
        "threes": p.threes,
    }


def canonical(inp: DrawInput, engine: str = ENGINE_VERSION) -> str:
    """The canonical JSON text of a draw input, for engine version `engine` (an earlier
    version in `model.SAME_DRAWS_AS` when `verify` replays a draw it made)."""
    payload = {
        "engine": engine,
        "players": [_player(p) for p in sorted(inp.players, key=lambda p: p.id)],
        "seed": canonical_seed(inp.seed),
        "round_no": inp.round_no,
        "policy": normalise_policy(inp.policy),
        "criteria": list(inp.criteria),
        "procedure": inp.procedure,
        "repeat_weighting": inp.repeat_weighting,
        "effort": inp.effort,
    }
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(inp: DrawInput, engine: str = ENGINE_VERSION) -> str:
    """Hex SHA-256 of the canonical serialisation of `inp` (see `canonical`)."""
    return hashlib.sha256(canonical(inp, engine).encode("utf-8")).hexdigest()


def fingerprint_data(data: Any) -> str:
    """Hex SHA-256 of any JSON-able value, serialised canonically (for plans/repairs)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
