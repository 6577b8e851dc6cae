"""Pixel art kept as text under sprites/: one reader for every sprite file.

A file is sections separated by blank lines; a section starts with a header line
"KIND NAME" followed by rows of pixel characters. Lines starting with ';' are
comments.
"""
from __future__ import annotations


def read_sections(path: str, kinds: set[str] | None = None, allowed: str | None = None,
                  pad: bool = False) -> dict[tuple[str, str], list[str]]:
    """{(kind, name): rows}. `kinds` limits the header kinds, `allowed` the pixel
    characters; rows of one section must be of one width unless `pad` widens short
    rows with '.'. Raises ValueError naming the section at fault."""
    sections: dict[tuple[str, str], list[str]] = {}
    key = None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith(";"):
                continue
            if not line.strip():
                key = None
                continue
            if key is None:
                kind, _, name = line.partition(" ")
                name = name.strip()
                if not name or (kinds is not None and kind not in kinds):
                    raise ValueError(f"{path}: bad section header {line!r}")
                key = (kind, name)
                sections[key] = []
            else:
                sections[key].append(line)
    for (kind, name), rows in sections.items():
        if allowed is not None:
            bad = set("".join(rows)) - set(allowed)
            if bad:
                raise ValueError(f"{kind} {name}: unknown characters {''.join(sorted(bad))}")
        width = max((len(r) for r in rows), default=0)
        if pad:
            sections[(kind, name)] = [r.ljust(width, ".") for r in rows]
        elif len({len(r) for r in rows}) > 1:
            raise ValueError(f"{kind} {name}: rows of different widths")
    return sections
