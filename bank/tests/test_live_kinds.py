"""The browser's list of live kinds is the server's: a kind missing on one side would be a notice
nobody refreshes on, or a query key no notice reaches."""

import re
from pathlib import Path

from bank import live

FRONTEND_KINDS = Path(__file__).resolve().parents[2] / "frontend" / "src" / "lib" / "live-kinds.ts"


def typescript_kinds(source: str) -> list[str]:
    """The string literals of `export const LIVE_KINDS = [...] as const` (LiveKind is its union)."""
    match = re.search(r"export const LIVE_KINDS = \[(?P<body>[^\]]*)\] as const;", source)
    assert match, f"no `export const LIVE_KINDS = [...] as const;` in {FRONTEND_KINDS}"
    body = re.sub(r"//[^\n]*", "", match["body"])
    kinds = re.findall(r"'([^']*)'|\"([^\"]*)\"", body)
    leftover = re.sub(r"'[^']*'|\"[^\"]*\"|[\s,]", "", body)
    assert not leftover, f"LIVE_KINDS holds something other than string literals: {leftover!r}"
    return [single or double for single, double in kinds]


def test_the_frontend_union_of_live_kinds_is_the_servers_list():
    kinds = typescript_kinds(FRONTEND_KINDS.read_text(encoding="utf-8"))
    assert len(kinds) == len(set(kinds)), f"a kind is listed twice: {kinds}"
    assert set(kinds) == set(live.KINDS)


def test_the_union_is_derived_from_the_checked_list():
    # the type the key factories use must come from the list this test reads, not a copy of it
    source = FRONTEND_KINDS.read_text(encoding="utf-8")
    assert "export type LiveKind = (typeof LIVE_KINDS)[number];" in source


def test_the_reader_sees_a_kind_that_only_one_side_has():
    source = "export const LIVE_KINDS = [\n  'players', // who\n  \"loans\",\n  'weather',\n] as const;"
    assert typescript_kinds(source) == ["players", "loans", "weather"]
