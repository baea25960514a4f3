"""The front doors (issue 27): a README of at most 150 lines that starts with the two
commands for a fresh machine; the organisers' guide in docs/ as a site whose every page is
in the navigation; every decision where a regulation is silent with the article it fills;
the organisers' pages free of the test files' names. `make test` builds the site with
`mkdocs build --strict` (links and anchors); here what a build does not check."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
# the developers' pages of the site, in English; every other page is the organisers'
ENGLISH = {"ARCHITECTURE.md", "XLWINGS-LITE.md", "GESTIONETORNEO.md"}


def _nav_pages() -> list[str]:
    """The pages named in mkdocs.yml's nav, in order (a line «- Title: PAGE.md»)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    return re.findall(r"^\s*- [^:\n]+: (\S+\.md)$", text, re.M)


def test_the_readme_is_a_front_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md: {len(lines)} lines, at most 150"


def test_the_readme_starts_with_the_two_commands_for_a_fresh_machine():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ") and lines[1] == "" and lines[2] == "```sh"
    block = lines[3:lines.index("```", 3)]
    assert [line.split("#")[0].strip() for line in block] == ["make demo", "make test"]


def test_ci_runs_the_readmes_test_command():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert run[-1].split()[:2] == ["make", "test"], run[-1]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test = makefile.split("\ntest: ", 1)[1].split("\n\n", 1)[0]
    assert "mkdocs build --strict" in test, "make test builds the guide with --strict"


def test_every_page_of_docs_is_in_the_navigation_once():
    pages = _nav_pages()
    assert len(pages) == len(set(pages))
    assert sorted(pages) == sorted(p.name for p in DOCS.glob("*.md"))
    assert pages[0] == "index.md"


def test_every_picture_is_shown_and_every_shown_picture_exists():
    shown = {name for page in DOCS.glob("*.md")
             for name in re.findall(r"!\[[^\]]*\]\(img/([^)\s]+)\)",
                                    page.read_text(encoding="utf-8"))}
    assert shown == {p.name for p in (DOCS / "img").glob("*.png")}


def test_the_organisers_pages_name_no_test_file():
    for page in DOCS.glob("*.md"):
        if page.name in ENGLISH:
            continue
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"tests/|test_\w+\.py", text), page.name


def test_every_silent_decision_names_the_article_it_fills():
    """Each decision of docs/DECISIONI.md (a bullet opening in bold) says which regulation
    it completes: a seed's number (000–004), GestioneTorneo, or that none speaks of it."""
    text = (DOCS / "DECISIONI.md").read_text(encoding="utf-8")
    decisions = re.split(r"\n(?=- \*\*)", text.split("\n## ", 1)[1])[1:]
    assert len(decisions) >= 40
    for decision in decisions:
        head = decision.split("\n\n")[0]
        assert re.search(r"\b00[0-4]\b|GestioneTorneo|nessun regolamento", head), head[:80]


def test_the_decisions_of_the_old_readme_are_all_there():
    """The regulations' silences the README listed («Decisions where the regulations are
    silent») moved to the guide: a word of each, as the organisers read it now."""
    text = " ".join((DOCS / "DECISIONI.md").read_text(encoding="utf-8").split())
    for words in ("non scalati", "`2=`", "Nome “Nickname” Cognome", "Preliminare",
                  "mai sotto zero", "1.000.000 / 10.000 / 100 / 1", "21 → 27",
                  "×0,75 a 3", "non scalano", "al più u−1", "decidi --ordine",
                  "prima o dopo che `finali`", "casistico", "2° dello spareggio",
                  "davanti in classifica", "`eliminazione`", "0,102", "`rtu`",
                  "`verifica` ricalcola", "(sorteggio)", "Generale scarta", "«Assente»",
                  "S.P.Q.RisiKo!", "`Ordine` va da 1", "da 5 a 15", "Che cosa ordina",
                  "20 giocatori", "`nazionale`", "`raduno`", "`victory`",
                  "Un post mostra la classifica", "Il certificato", "`Totale`"):
        assert words in text, words


def test_the_english_pages_are_the_developers():
    for name in ENGLISH:
        assert (DOCS / name).exists(), name
    assert (ROOT / "CONTRIBUTING.md").exists()


def test_docstrings_cite_sections_that_exist():
    """Code cites the repository, never the design page outside it: «DESIGN §…» is gone,
    and each «docs/ARCHITECTURE.md, «Section»» or «CONTRIBUTING.md, «Section»» names a
    heading of that file."""
    headings = {name: {line.lstrip("#").strip() for line in path.read_text(
        encoding="utf-8").splitlines() if line.startswith("#")}
        for name, path in (("ARCHITECTURE.md", DOCS / "ARCHITECTURE.md"),
                           ("CONTRIBUTING.md", ROOT / "CONTRIBUTING.md"))}
    cited = 0
    for folder in ("risiko_xl", "tests", "benchmarks", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.resolve() == Path(__file__).resolve():
                continue
            text = " ".join(path.read_text(encoding="utf-8").split())
            assert "DESIGN §" not in text, path
            for name, section in re.findall(r"(ARCHITECTURE\.md|CONTRIBUTING\.md),? «([^»]+)»",
                                            text):
                cited += 1
                assert section in headings[name], (path.name, name, section)
    assert cited >= 8
