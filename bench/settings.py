"""A computer player's settings changed from the command line, for A/B runs in bench/
("expert:w_knock=3.5,taken_near=2" and the like; "factors.meld_thrown=0.05": a field of
a setting that is a NamedTuple, as the expert's `factors`): one parser, one way to apply them."""
from __future__ import annotations


def parse_settings(text: str) -> dict:
    """"a=1,b=0.5" -> {"a": 1, "b": 0.5} (an int unless the value has "." or "e")."""
    out = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        out[key.strip()] = float(value) if "." in value or "e" in value else int(value)
    return out


def with_settings(make, changes: dict, name: str):
    """seed -> make(seed) with `changes` set on it; a setting it lacks stops the run."""
    def made(seed):
        ai = make(seed)
        for key, value in changes.items():
            attr, _, field = key.partition(".")
            if field:                            # a field of a NamedTuple setting
                tup = getattr(ai, attr, None)
                if field not in getattr(tup, "_fields", ()):
                    raise SystemExit(f"{name} has no setting {key!r}")
                setattr(ai, attr, tup._replace(**{field: value}))
                continue
            if not hasattr(ai, key):
                raise SystemExit(f"{name} has no setting {key!r}")
            setattr(ai, key, value)
        return ai
    return made
