"""`risiko-xl ripristina`: back to the previous version of a workbook.

Every change the program saves keeps the version it replaced as `NAME.bak.xlsx` (see
`files.atomic_write`). Restoring swaps the two: the backup becomes the workbook again
and the version being replaced becomes the new backup, so nothing is lost and restoring
twice undoes the restore. The backup must open as a workbook (checked before anything
is touched); the workbook itself may be damaged, which is when a restore is needed.

Both files are written atomically (each is at every moment a complete version): the
restored workbook is renamed into place first, then the new backup, both prepared on
disk beforehand.

`restore_version(path, n)` brings back the n-th version of the workbook's history (see
`history`: the last ten, 1 the most recent); the version it replaces goes into the history
first, so that restore can be undone the same way.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from openpyxl import load_workbook

from risiko_xl.clock import italian_time
from risiko_xl.errors import RisikoError
from risiko_xl.files import history
from risiko_xl.files.writes import Writer, atomic_write_many, backup_path


def restore(path: Path) -> list[str]:
    """Swap `path` with its backup (see the module docstring); the lines to show."""
    path = Path(path)
    backup = backup_path(path)
    if not backup.is_file():
        raise RisikoError("nessuna versione precedente da ripristinare: manca la copia di "
                          "sicurezza (viene creata a ogni modifica salvata)",
                          valore=str(backup))
    data, saved = backup.read_bytes(), backup.stat().st_mtime
    _check_opens(data, backup.name)
    when = italian_time(saved).strftime("%d/%m/%Y %H:%M")
    if not path.exists():
        atomic_write_many([(path, _writer(data, saved))])
        return [f"Ripristinato {path} dalla copia {backup.name} (versione del {when})."]
    current, modified = path.read_bytes(), path.stat().st_mtime
    if current == data:
        return [f"{path.name} è già uguale alla versione precedente ({backup.name}): "
                "nessuna modifica."]
    history.keep(path)
    atomic_write_many([(path, _writer(data, saved)), (backup, _writer(current, modified))])
    history.record_written(path)
    history.keep(path)
    return [f"Ripristinata in {path} la versione precedente (del {when}).",
            f"La versione sostituita è ora in {backup.name}: «risiko-xl ripristina» di nuovo "
            "la riporta."]


def _check_opens(data: bytes, name: str) -> None:
    """RisikoError unless `data` is a workbook openpyxl can read."""
    try:
        load_workbook(io.BytesIO(data), keep_links=False, rich_text=False).close()
    except Exception as err:  # whatever stops openpyxl stops Excel too
        raise RisikoError("la copia di sicurezza non si apre come cartella di lavoro, il file "
                          f"non è stato toccato ({err})", valore=name) from None


def _writer(data: bytes, modified: float) -> Writer:
    """Write `data`, keeping the version's own modification time (when it was saved)."""
    def write(temp: Path) -> None:
        temp.write_bytes(data)
        os.utime(temp, (modified, modified))

    return write


def listing(path: Path) -> list[str]:
    """`ripristina --elenco`: the kept versions, most recent first (number, date, writer)."""
    kept = history.versions(Path(path))
    if not kept:
        return [f"Nessuna versione precedente di {Path(path).name} nello storico "
                f"({history.folder(Path(path)).name})."]
    return [f"Versioni precedenti di {Path(path).name} (la più recente per prima; "
            "«risiko-xl ripristina FILE N» ne riporta una):",
            *(version.line() for version in kept)]


def restore_version(path: Path, number: int) -> list[str]:
    """Bring back version `number` of the history (1: the most recent); see module doc."""
    path = Path(path)
    kept = history.versions(path)
    if not 1 <= number <= len(kept):
        raise RisikoError(f"non c'è la versione {number}: lo storico ne ha {len(kept)} "
                          "(elenco: «risiko-xl ripristina FILE --elenco»)", valore=number)
    version = kept[number - 1]
    data = version.path.read_bytes()
    _check_opens(data, version.path.name)
    saved = version.saved.timestamp()
    writes = [(path, _writer(data, saved))]
    if path.exists():
        history.keep(path)
        current, modified = path.read_bytes(), path.stat().st_mtime
        writes.append((backup_path(path), _writer(current, modified)))
    atomic_write_many(writes)
    history.record_written(path)
    history.keep(path)
    return [f"Ripristinata in {path} la versione {number} ({version.saved:%d/%m/%Y %H:%M}, "
            f"{version.writer}).",
            "La versione sostituita è nello storico: «risiko-xl ripristina FILE --elenco» "
            "la mostra."]
