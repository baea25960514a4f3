"""What the organiser typed in a table a command writes anew, kept on each player's row.

A table we rewrite from scratch (`Classifica`, `ClassificaFinale`) would lose what was
typed in it: the organiser's own columns are carried over by player ID (`with_own`), and
a note typed in our «Note» column (`with_typed_notes`) stays after the notes we write
there, told apart from ours because ours are a known set of phrases. A formula typed in
such a cell is not carried: the book says it replaced it (`books.replaced_formulas`).
"""

from __future__ import annotations

from collections.abc import Collection

from risiko_xl.books.formula_cells import Formula
from risiko_xl.books.table import Table
from risiko_xl.cells import to_text

NOTE = "Note"
PART, GROUP = ", ", "; "  # our phrases joined by PART; theirs after ours, by GROUP


def with_own(old: Table, new: Table, ours: Collection[str]) -> Table:
    """`new` plus each column of `old` not in `ours` (the organiser's), matched by ID."""
    own = [c for c in old.headers if c and c not in ours and c not in new.headers]
    if not own or "ID" not in old.headers:
        return new.copy()
    keyed = {to_text(row["ID"]): row for row in old}
    out = new.copy()
    for column in own:
        out.set_column(column, [keyed[pid].get(column) if pid in keyed else None
                                for pid in map(to_text, out.column("ID"))])
    return out


def typed_part(note: object, phrases: Collection[str]) -> str | None:
    """What of `note` the organiser typed: its groups that are not only our `phrases`."""
    text = None if isinstance(note, Formula) else to_text(note)
    if text is None:
        return None
    kept = [group for group in text.split(GROUP)
            if not all(part.strip() in phrases for part in group.split(PART))]
    return GROUP.join(kept) or None


def with_typed_notes(old: Table, new: Table, phrases: Collection[str],
                     ) -> tuple[Table, list[str]]:
    """`new` with each player's note typed in `old`'s «Note» kept after ours (matched by
    ID), and one «ID «note»» per note kept, to say so."""
    if NOTE not in old.headers or "ID" not in old.headers:
        return new.copy(), []
    typed = {to_text(row["ID"]): typed_part(row.get(NOTE), phrases) for row in old}
    out = new.copy()
    kept = []
    for row in out:
        theirs = typed.get(to_text(row.get("ID")))
        if theirs:
            row[NOTE] = GROUP.join(t for t in (to_text(row.get(NOTE)), theirs) if t)
            kept.append(f"{row.get('ID')} «{theirs}»")
    return out, kept
