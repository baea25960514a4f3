"""The organisers' reference of every rule of a formula, in Italian Markdown, generated
from the rule table (`docs/REGOLE-FORMULA.md`; tests/house/test_formula_docs.py compares the
file with this text, `make docs` writes it)."""

from __future__ import annotations

from risiko_xl.formulas.cells import Choice, Words
from risiko_xl.formulas.dump import plain
from risiko_xl.formulas.rule_table import RULES, SECTIONS, Rule
from risiko_xl.rules.methods import METHODS

HEAD = """# Le regole di una formula

<!-- generato da risiko_xl/formulas/reference.py: non modificare a mano, usare «make docs» -->

Ogni cartella di lavoro del torneo ha il foglio **Formula**: una regola per riga, con il
suo nome (colonna «Regola»), il valore («Valore»), una spiegazione e, solo per le formule
che cambiano secondo il numero dei giocatori al primo sorteggio, la variante. Si cambia una
regola scrivendo nella sua cella (Excel o LibreOffice) oppure da riga di comando:

```sh
risiko-xl formula serata.xlsx --imposta "Scarti=1" --imposta "Ripescati=miglior partita singola"
risiko-xl formula serata.xlsx          # la formula detta a parole
```

Ogni comando rilegge tutta la formula: una regola scritta male è rifiutata con il foglio,
la riga, la colonna e il valore trovato («forse intendevi …?»), e niente viene scritto.
Una regola vuota vale il suo valore normale. **Metodo punteggio**, **Turni preliminari** e
**Scarti** si scrivono in Impostazioni (foglio Torneo), come sempre: nel foglio Formula la
loro riga resta vuota; scritte in entrambi i posti con valori diversi sono rifiutate.
Una regola che non vale per la formula scelta (per esempio i ripescati senza una fase
prima della finale) è rifiutata, mai ignorata; `--imposta` svuota da sé le regole che una
scelta rende inutili (per esempio «Fase prima della finale» nessuna svuota quelle delle
semifinali) e lo dice. «Formula» in Impostazioni segue il «Nome della formula» del foglio;
sceglierci un'altra formula del programma riscrive il foglio, se non è stato cambiato a
mano (altrimenti: `risiko-xl formula FILE --da NOME`). La guida con gli esempi dei club è
[La formula del tuo club](FORMULA-DEL-CLUB.md).

Le liste si separano con «;» (la virgola è quella dei decimali: «1,25»); le voci di un
elenco si possono separare anche con «, ».
"""


def _values(rule: Rule) -> list[str]:
    kind = rule.kind
    if isinstance(kind, (Choice, Words)):
        how = "una o più voci, in ordine," if isinstance(kind, Words) else "una voce"
        lines = [f"- Valori: {how} fra:"]
        lines += [f"  - «{t.label}»: {t.measures} ({t.article})" for t in kind.terms]
        if isinstance(kind, Choice) and kind.none:
            lines.append(f"  - «{kind.none}»")
        if isinstance(kind, Words) and kind.empty:
            lines.append(f"  - «{kind.empty}»: nessuna voce")
        return lines
    return [f"- Valori: {kind.describe()}"]


def _rule(rule: Rule) -> list[str]:
    lines = [f"### {rule.name}", "", f"{rule.explain[:1].upper()}{rule.explain[1:]}.", ""]
    lines += _values(rule)
    lines.append(f"- Esempio: `{rule.example}`")
    if rule.setting:
        lines.append(f"- Si scrive in Impostazioni («{rule.name}»), come sempre.")
    if rule.methods:
        field = rule.path[-1]
        lines.append("- Vale per i metodi che l'hanno; vuota, vale quello del metodo:")
        for m in rule.methods:
            own = rule.kind.write(plain(getattr(METHODS[m], field)), METHODS[m].denominator)
            lines.append(f"  - {m}: {own}")
    if rule.repeated:
        lines.append("- Una riga per voce.")
    lines.append(f"- Nel file di formula (.json): `{rule.key}`")
    return [*lines, ""]


def reference_markdown() -> str:
    """The whole reference: one section per part of the formula, one entry per rule."""
    lines = [HEAD]
    for section in SECTIONS:
        rules = [r for r in RULES if r.section == section]
        lines += [f"## {section}", ""]
        if section == "Punteggio":
            lines += ["I metodi di punteggio:", ""]
            lines += [f"- `{m.name}`: {m.summary} ({m.article})" for m in METHODS.values()]
            lines.append("")
        if section == "Varianti":
            lines += ["Una formula con varianti (come `eagles`) ha, nella colonna «Variante», "
                      "le righe di ciascuna variante: valgono al posto delle righe senza "
                      "variante. La variante si sceglie al primo sorteggio dal numero dei "
                      "giocatori («Variante formula» in Impostazioni la registra).", ""]
        for rule in rules:
            lines += _rule(rule)
    return "\n".join(lines).rstrip() + "\n"
