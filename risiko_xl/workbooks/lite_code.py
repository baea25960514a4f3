"""The code the xlwings Lite workbook carries: its `main.py`, the package inside it.

xlwings Lite keeps one module per workbook and installs from package indexes only, and
risiko_xl is on none: so `main.py` is `risiko_xl/lite/main.py` with the package inside
(`bundle`), unpacked at import. What it carries is what its scripts and worksheet
functions reach, without comments and docstrings (`carried`), bz2-compressed in base85:
at most `MAIN_PY_LIMIT` characters, since the add-in saves every property of its part as
its settings, and settings from about 1 MB fail to save (docs/XLWINGS-LITE.md). Same
package, same bytes. The workbook around it is `lite`.
"""

from __future__ import annotations

import ast
import base64
import bz2
import functools
import importlib.resources
import io
import json
import tokenize
from typing import Any

from risiko_xl.not_in_lite import MANIFEST
from risiko_xl.publish.render import TEMPLATES

PACKAGE_LINE = 'PACKAGE = ""'

LINE = 100  # characters per line of the package in main.py

ENTRY = "risiko_xl.lite.main"  # the workbook's main.py: what it reaches is carried

# reached, but only inside functions for what xlwings Lite does not offer: the PDF score
# sheets (fpdf2), the HTML post's chart, the room screen, GestioneTorneo's workbook
# written (`esporta`, `chiudi`: refused there, not_in_lite)
NOT_CARRIED = ("risiko_xl.publish.referti_pdf", "risiko_xl.publish.fonts",
               "risiko_xl.publish.charts", "risiko_xl.publish.screen",
               "risiko_xl.gestionetorneo.writer")

# the worksheet functions keep their docstrings: their descriptions in Excel
KEEP_DOCSTRINGS = ("risiko_xl/excel/functions.py",)

VENUE_TEMPLATES = "risiko_xl/templates/sala/"  # `risiko-xl sala`'s pages (a laptop's server)
MAIN_PY_LIMIT = 250_000  # characters (docs/XLWINGS-LITE.md: the add-in saves its settings)


def _package_files() -> dict[str, bytes]:
    """The package as the wheel has it (archive name → bytes): modules, presets and
    templates."""
    package = importlib.resources.files("risiko_xl")
    files: dict[str, bytes] = {}

    def walk(folder: Any, prefix: str, suffixes: tuple[str, ...]) -> None:
        for item in folder.iterdir():
            if item.is_dir() and item.name != "__pycache__":
                walk(item, f"{prefix}{item.name}/", suffixes)
            elif item.is_file() and item.name.endswith(suffixes):
                files[f"{prefix}{item.name}"] = item.read_bytes()

    walk(package, "risiko_xl/", (".py", ".json"))
    walk(TEMPLATES, "risiko_xl/templates/", (".j2",))
    return {name: data for name, data in sorted(files.items())  # the venue: not in Lite
            if not name.startswith(VENUE_TEMPLATES)}


def _module_name(path: str) -> str | None:
    """`risiko_xl/books/table.py` → `risiko_xl.books.table`, a package's `__init__.py` →
    the package; None for a data file."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(source: str, module: str, package: bool, top_level: bool) -> set[str]:
    """The modules the import statements of `module` name (with each imported name as a
    possible submodule), those that run: never those under `if TYPE_CHECKING:`; with
    `top_level`, only those that run when the module is imported (not inside a function:
    those run when it is called)."""
    home = module.split(".") if package else module.split(".")[:-1]
    found: set[str] = set()

    def visit(nodes: list[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                visit(list(node.orelse))
                continue
            if top_level and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*home[:len(home) - node.level + 1],
                                     *([node.module] if node.module else [])])
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            visit(list(ast.iter_child_nodes(node)))

    visit(list(ast.parse(source).body))
    return {name for name in found if name.split(".")[0] == "risiko_xl"}


def _docstring(node: ast.AST) -> ast.Expr | None:
    body = getattr(node, "body", None)
    if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) \
            and body and isinstance(body[0], ast.Expr) \
            and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        return body[0]
    return None


def _without_docstrings(tree: ast.Module) -> str:
    """`tree` with no docstring (a body that was one only: `...`), dumped."""
    for node in ast.walk(tree):
        if _docstring(node) is not None:
            body = node.body  # type: ignore[attr-defined]  # a node with a docstring has one
            body[:1] = [] if len(body) > 1 else [ast.Expr(ast.Constant(...))]
    return ast.dump(tree)


def stripped(source: str, docstrings: bool = False) -> str:
    """`source` without its comments and (unless `docstrings`) its docstrings, every line
    where it was (a traceback under xlwings Lite names the repository's line): what the
    workbook carries of a module. Checked: the same syntax tree, docstrings apart."""
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column].rstrip() + "\n"
    for node in [] if docstrings else ast.walk(ast.parse(source)):
        doc = _docstring(node)
        if doc is None or doc.end_lineno is None or doc.end_col_offset is None:
            continue
        first, last = doc.lineno - 1, doc.end_lineno - 1
        head = lines[first][:doc.col_offset]
        if head.strip() or lines[last][doc.end_col_offset:].strip():
            continue  # shares its line with code: kept
        alone = len(node.body) == 1  # type: ignore[attr-defined]  # a body: it has a docstring
        lines[first] = head + "...\n" if alone else "\n"
        lines[first + 1:last + 1] = ["\n"] * (last - first)
    text = "".join(lines)
    if len(text.splitlines()) != len(source.splitlines()) or \
            _without_docstrings(ast.parse(text)) != _without_docstrings(ast.parse(source)):
        raise AssertionError("stripped: il codice è cambiato")
    return text


def carried() -> tuple[dict[str, bytes], tuple[str, ...]]:
    """(what the workbook carries: archive name → bytes, the modules it leaves out): see
    `_carry`, worked out once per process (the package does not change under it)."""
    files, left = _carry()
    return dict(files), left


@functools.cache
def _carry() -> tuple[dict[str, bytes], tuple[str, ...]]:
    """(what the workbook carries: archive name → bytes, the modules it leaves out).

    Carried: every module `ENTRY` (the workbook's `main.py`) reaches through its imports
    and theirs, at any depth, those inside functions too (they run when called), except
    `NOT_CARRIED`; comments and docstrings stripped (`stripped`), but for the modules of
    `KEEP_DOCSTRINGS`; the presets and templates whole; and `not_in_lite.MANIFEST`, the
    modules left out, which `risiko_xl.not_in_lite` refuses in Italian there. A carried
    module that imports a left-out one when imported (not inside a function) would make
    `main.py` fail to load: refused here."""
    files = _package_files()
    modules = {name: path for path in files if (name := _module_name(path)) is not None}
    reached: set[str] = set()
    todo = [ENTRY]
    while todo:
        module = todo.pop()
        if module in reached or module not in modules or module in NOT_CARRIED:
            continue
        reached.add(module)
        parts = module.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        path = modules[module]
        todo += _imported(files[path].decode("utf-8"), module, path.endswith("__init__.py"),
                          top_level=False)
    reached.discard(ENTRY)  # the workbook's main.py itself
    left_out = tuple(sorted(set(modules) - reached - {ENTRY}))
    out: dict[str, bytes] = {}
    for path, data in files.items():
        name = _module_name(path)
        if name is None:
            out[path] = data
        elif name in reached:
            source = data.decode("utf-8")
            early = _imported(source, name, path.endswith("__init__.py"), top_level=True)
            if early & set(left_out):
                raise AssertionError(f"{path} importa all'avvio {sorted(early & set(left_out))}"
                                     ", lasciati fuori dalla cartella di lavoro per xlwings "
                                     "Lite: importarli dentro la funzione che li usa")
            out[path] = stripped(source, path in KEEP_DOCSTRINGS).encode("utf-8")
    out[MANIFEST] = "".join(f"{name}\n" for name in left_out).encode("utf-8")
    return dict(sorted(out.items())), left_out


def left_out() -> tuple[str, ...]:
    """The package's modules the xlwings Lite workbook leaves out (`carried`)."""
    return carried()[1]


def bundle() -> bytes:
    """What the workbook carries (`carried`) as one compressed stream, the same bytes for
    the same package: a JSON object (archive name → text) compressed with bz2 (of the
    standard library's, the smallest here: docs/XLWINGS-LITE.md)."""
    text = {name: data.decode("utf-8") for name, data in carried()[0].items()}
    return bz2.compress(json.dumps(text, ensure_ascii=False, sort_keys=True,
                                   separators=(",", ":")).encode("utf-8"), 9)


def workbook_main() -> str:
    """The workbook's `main.py`: `risiko_xl/lite/main.py` carrying the package
    (`bundle`, in base85, in lines of `LINE`); refused past `MAIN_PY_LIMIT` characters."""
    source = importlib.resources.files("risiko_xl.lite").joinpath("main.py") \
        .read_text(encoding="utf-8")
    if source.count(PACKAGE_LINE) != 1:
        raise AssertionError(f"risiko_xl/lite/main.py: «{PACKAGE_LINE}» deve comparire una "
                             "volta")
    text = base64.b85encode(bundle()).decode("ascii")
    lines = "\n".join(text[i:i + LINE] for i in range(0, len(text), LINE))
    main = source.replace(PACKAGE_LINE, f'PACKAGE = """\n{lines}\n"""', 1)
    if len(main) > MAIN_PY_LIMIT:
        raise AssertionError(f"main.py di {len(main):_} caratteri, oltre i {MAIN_PY_LIMIT:_} "
                             "che xlwings Lite salva senza problemi (docs/XLWINGS-LITE.md): "
                             "lasciare fuori dal pacchetto che porta ciò che non gli serve")
    return main


