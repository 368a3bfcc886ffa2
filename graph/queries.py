"""Named Cypher queries: `memory/create` is `cypher/memory/create.cypher`, or its dialect override."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

DIALECTS = ("falkordb", "neo4j")


@cache
def load(name: str, dialect: str) -> str:
    """The text of query `name` for `dialect`: the dialect file when there is one, else the shared one."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    folder, _, stem = name.rpartition("/")
    base = files("cypher").joinpath(folder) if folder else files("cypher")
    for candidate in (f"{stem}.{dialect}.cypher", f"{stem}.cypher"):
        path = base.joinpath(candidate)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise KeyError(f"no query named {name!r} for {dialect}")


def has(name: str, dialect: str) -> bool:
    try:
        load(name, dialect)
    except KeyError:
        return False
    return True


def statements(name: str, dialect: str) -> list[str]:
    """A multi-statement file (schema DDL), split on `;` at line ends; `//` comment lines dropped."""
    text = "\n".join(line for line in load(name, dialect).splitlines() if not line.strip().startswith("//"))
    return [s.strip() for s in text.split(";\n") if s.strip().rstrip(";").strip()]


def all_query_names() -> list[str]:
    """Every query name, for the parser test and documentation."""
    names: set[str] = set()
    root = files("cypher")

    def walk(node, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir() and not child.name.startswith("__"):
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".cypher"):
                stem = child.name[: -len(".cypher")]
                for dialect in DIALECTS:
                    stem = stem.removesuffix(f".{dialect}")
                names.add(prefix + stem)

    walk(root, "")
    return sorted(names)
