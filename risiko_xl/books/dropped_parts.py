"""The parts of a workbook file that a save with openpyxl does not keep, said to the user.

Excel 365's threaded comments (`xl/threadedComments/`, with the people who wrote them in
`xl/persons/`) are tied to the legacy comment each one carries as a fallback and to its
cell: openpyxl keeps the legacy comments and drops the threads, and putting them back by
hand could leave a thread pointing at a comment that is no longer there. Custom XML parts
(`customXml/`: SharePoint properties, sensitivity labels) are dropped too, and put back
(`web_extension.read_custom_xml`) where the workbook part is where openpyxl saves it.
Nothing is refused: `found` names what the file holds and the save does not keep, and
`notice` is the one line each command that saves the file says about it (the original
stays in the history).
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path

# folder of the parts (lower case) → what the organiser calls them
KINDS = {
    "xl/threadedcomments/": "i commenti in thread di Excel 365 (restano come note semplici)",
    "customxml/": "i dati XML personalizzati (proprietà di SharePoint, etichette di "
                  "riservatezza)",
}


def found(path: Path, kept: Sequence[str] = ()) -> list[str]:
    """What of `KINDS` the workbook file at `path` holds, but the folders `kept` (none for
    a file we cannot read: opening it says why)."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = [name.lower() for name in archive.namelist()]
    except (OSError, zipfile.BadZipFile):
        return []
    return [what for folder, what in KINDS.items()
            if folder not in kept and any(name.startswith(folder) for name in names)]


def notice(kinds: list[str], kept: str) -> list[str]:
    """One line naming the parts the save left out; `kept`: where the original is."""
    if not kinds:
        return []
    return [f"Attenzione: il file salvato non contiene più {' né '.join(kinds)}, che "
            f"risiko-xl non sa riscrivere; {kept}"]
