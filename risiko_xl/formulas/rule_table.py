"""The rules of a formula as an organiser writes them: one row each in the `Formula`
sheet, `--imposta "Regola=valore"` on the command line, one line each in the docs.

This table is the one definition: each `Rule` names (in Italian) one key of a formula
file (`path`), says how its value is typed (`risiko_xl.formulas.cells`), what it means
and gives an example; every key of a formula has a rule (tests/house/test_formula_docs.py). The
method's parameters are rules too, each for the methods that have it. The rows of a
formula are written and read back by `risiko_xl.formulas.rule_rows`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from risiko_xl.draw.criteria import DRAW_CRITERIA
from risiko_xl.draw.engine import DRAW_PROCEDURES
from risiko_xl.draw.sizes import POLICY_TERMS
from risiko_xl.formulas.cell_numbers import (
    Decimals,
    Factors,
    FieldCount,
    Places,
    PointList,
    Points,
    PointValue,
    Span,
)
from risiko_xl.formulas.cells import (
    CellProblem,
    Choice,
    Flag,
    Integer,
    Kind,
    Texts,
    Words,
)
from risiko_xl.formulas.json_types import suggest
from risiko_xl.rules.games import GAMES
from risiko_xl.rules.methods import METHODS, ClassicMethod, PositionMethod, SpartacMethod
from risiko_xl.rules.placement import PLACEMENT_CHAINS
from risiko_xl.rules.vocabulary import Term
from risiko_xl.standings.config import (
    DIRECT_RULES_TABLE,
    FINAL_RANKINGS_TABLE,
    FINAL_TIES_TABLE,
    RECALL_CRITERIA_TABLE,
    REPLACEMENTS_TABLE,
    STAGE_KINDS_TABLE,
    STAGE_LABELS_TABLE,
    STANDING_CRITERIA_TABLE,
    WITHDRAWN_TABLE,
)

GENERAL, SCORING, DRAW, STANDINGS, PHASES, TEAMS, VARIANTS = (
    "In breve", "Punteggio", "Tavoli e sorteggio", "Classifica dei turni",
    "Fasi dopo i turni", "A squadre", "Varianti")
SECTIONS = (GENERAL, SCORING, DRAW, STANDINGS, PHASES, TEAMS, VARIANTS)

GAME_TERMS = tuple(Term(g.name, g.title, g.title, "regolamento 004" if g.name != "classico" else
                        "regolamenti 000-003") for g in GAMES.values())
METHOD_TERMS = tuple(Term(m.name, m.name, m.summary, m.article) for m in METHODS.values())
REPEAT_TERMS = (Term("flat", "tutti uguali", "ogni incontro ripetuto pesa uguale", "001 §8"),
                Term("recent", "i più recenti di più",
                     "un incontro recente pesa più di uno lontano", "formule dei club"))
CHAIN_TERMS = tuple(Term(c.name, c.label, c.measures, c.article) for c in PLACEMENT_CHAINS)


@dataclass(frozen=True)
class Rule:
    """One rule: its Italian `name`, the `section` it is listed in, the formula file's
    key (`path`), how it is typed (`kind`), a one-line explanation, an example value.
    `setting`: also a setting of `Impostazioni` (which keeps its meaning there);
    `methods`: for a method's parameter, the methods that have it; `repeated`: one row
    per item (notes)."""

    name: str
    section: str
    path: tuple[str, ...]
    kind: Kind
    explain: str
    example: str
    setting: bool = False
    methods: tuple[str, ...] = ()
    repeated: bool = False

    @property
    def key(self) -> str:
        return ".".join(self.path)


def _param_methods(field: str, cls: type) -> tuple[str, ...]:
    return tuple(name for name, m in METHODS.items()
                 if isinstance(m, cls) and field in {f.name for f in dataclasses.fields(m)})


def _param(name: str, field: str, kind: Kind, explain: str, example: str,
           cls: type = PositionMethod) -> Rule:
    return Rule(name, SCORING, ("scoring", "params", field), kind, explain, example,
                methods=_param_methods(field, cls))


RULES: tuple[Rule, ...] = (
    # --------------------------------------------------------------- generale
    Rule("Nome della formula", GENERAL, ("name",), Kind(),
         "il nome breve della formula: lettere minuscole, cifre e «_»", "interno_pifferaio"),
    Rule("Titolo", GENERAL, ("title",), Kind(),
         "il nome completo, stampato nei post, nei referti e sullo schermo",
         "Torneo interno RCU Il Pifferaio"),
    Rule("Fonte", GENERAL, ("source",), Kind(),
         "da dove viene la formula: regolamento, articolo, sito del club",
         "regolamento interno 2025"),
    Rule("Descrizione", GENERAL, ("description",), Kind(),
         "la formula in poche righe, come la si annuncia",
         "4 serate, uno scarto, semifinali e finale"),
    Rule("Altri nomi", GENERAL, ("aliases",), Texts(),
         "altri nomi con cui si può indicare la formula", "Pifferaio; San Cataldo"),
    Rule("Gioco", GENERAL, ("game",), Choice(terms=GAME_TERMS, what="gioco"),
         "RisiKo! oppure S.P.Q.RisiKo! (regolamento 004)", "RisiKo!"),
    Rule("Tipologia GestioneTorneo", GENERAL, ("gestionetorneo",), Kind(),
         "la «Tipologia di Torneo» con cui esporta --gestionetorneo scrive il torneo",
         "Torneo Open"),
    Rule("Ricorsi entro ore", GENERAL, ("appeal_hours",), Integer(optional=True),
         "le ore per presentare ricorso dopo la pubblicazione («nessuno»: nessun termine)",
         "72"),
    Rule("Nota", GENERAL, ("notes",), Kind(),
         "una scelta fatta dove il regolamento tace (una riga per nota)",
         "Ripescato: a parità decide la classifica.", repeated=True),
    # -------------------------------------------------------------- punteggio
    Rule("Metodo punteggio", SCORING, ("scoring", "method"),
         Choice(terms=METHOD_TERMS, what="metodo di punteggio"),
         "come si calcolano i punti torneo di una partita", "millesimi", setting=True),
    Rule("Metodi ammessi", SCORING, ("methods_allowed",),
         Words(terms=METHOD_TERMS, what="metodo di punteggio", empty=""),
         "i metodi fra cui si può scegliere in Impostazioni (vuoto: tutti)",
         "tavolo_bonus; piazzamento"),
    _param("Fattori per tavolo", "factors", Factors(),
           "quanto valgono i punti tavolo ai tavoli da 5 e da 3", "tavolo da 5: 1,25",
           cls=object),
    _param("Decimali dei punti torneo", "denominator", Decimals(),
           "con quanti decimali si scrivono i punti torneo (3: millesimi)", "3", cls=object),
    _param("Decimali dei punti tavolo", "scaled_parts", Decimals(),
           "0: i punti tavolo scalati si arrotondano per eccesso; 2: con i centesimi", "0",
           cls=object),
    _param("Valore di un punto tavolo", "point_unit", PointValue(),
           "quanti punti torneo vale un punto tavolo (0: non contano)", "0,001", cls=object),
    _param("Bonus per posizione", "bonuses", PointList(),
           "i punti in più per il 1°, il 2°, … del tavolo", "50; 15; 5"),
    _param("Bonus per posizione degli eliminati", "eliminated_bonuses",
           PointList(none_is_null=True),
           "i bonus di chi è eliminato, per posizione («nessuno»: come gli altri)",
           "1; 0,5"),
    _param("Tetto dei punti tavolo", "points_cap", Integer(optional=True),
           "i punti tavolo contati al più («nessuno»: nessun tetto)", "100"),
    _param("Tetto del punteggio", "total_cap", Points(optional=True),
           "i punti torneo di una partita al più («nessuno»: nessun tetto)", "150"),
    _param("Tetto del vincitore al tavolo da 5", "winner_cap", Points(optional=True),
           "i punti del vincitore di un tavolo da 5 al più (003 Art. 23)", "1,1"),
    _param("Punteggio del RisiKo!", "risiko_total", Points(optional=True),
           "i punti torneo fissi di chi fa RisiKo! («nessuno»: il calcolo normale)", "1,1",
           cls=object),
    _param("Bonus a testa per vittoria condivisa", "shared_win", Points(optional=True),
           "il bonus di ciascuno quando due vincono a pari merito", "25"),
    _param("Coefficiente in centesimi", "use_coefficient", Flag(),
           "aggiunge il coefficiente dei punti potenziali in centesimi (regolamento 004)", "no"),
    _param("Punti tavolo del RisiKo!", "risiko_points", Integer(optional=True),
           "i punti tavolo che conta un RisiKo! («nessuno»: quelli scritti)", "100"),
    _param("Pari merito al posto migliore", "shared_places", Flag(),
           "chi è a pari merito sotto il primo prende il posto migliore", "no"),
    _param("Variante del metodo classico", "variant", Integer(low=1),
           "1, 2 o 3 (regolamento 002)", "1", cls=ClassicMethod),
    _param("Base del metodo classico 3", "base", Integer(low=1),
           "il metodo 1 o 2 a cui il metodo 3 aggiunge le armate", "1", cls=ClassicMethod),
    _param("Bonus obiettivo", "objective_bonus", Points(),
           "i punti per l'obiettivo raggiunto (metodo classico 1)", "50", cls=ClassicMethod),
    _param("Base Spartac", "base", Points(),
           "i punti del vincitore oltre ai suoi punti tavolo; gli altri: base meno il "
           "distacco", "100", cls=SpartacMethod),
    _param("Punteggio fisso del vincitore", "winner_total", Points(optional=True),
           "i punti torneo del vincitore, fissi («nessuno»: base più punti tavolo)", "200",
           cls=SpartacMethod),
    _param("Punteggio degli eliminati", "eliminated_total", Points(optional=True),
           "i punti torneo fissi di chi è eliminato («nessuno»: base meno il distacco)",
           "0", cls=SpartacMethod),
    # ------------------------------------------------------ tavoli e sorteggio
    Rule("Composizione dei tavoli", DRAW, ("policy",),
         Choice(terms=POLICY_TERMS, what="composizione"),
         "da quanti giocatori sono i tavoli dei turni preliminari", "tavoli da 4 e da 5"),
    Rule("Piazzamento al tavolo", DRAW, ("placement_chain",),
         Choice(terms=CHAIN_TERMS, what="catena"),
         "chi vince le parità al tavolo: MasterRisiko ed Eagles (fuori obiettivo, ordine "
         "di gioco), Art. 26 (armate, carte, territori), S.P.Q.RisiKo!", "MasterRisiko"),
    Rule("Sorteggio", DRAW, ("draw", "procedure"),
         Choice(terms=DRAW_PROCEDURES, what="procedura"),
         "come si sorteggiano i tavoli dei turni preliminari", "ottimizzazione dei criteri"),
    Rule("Sorteggio del primo turno", DRAW, ("draw", "first_round"),
         Choice(terms=DRAW_PROCEDURES, what="procedura", none="come gli altri"),
         "un'altra procedura per il primo turno", "come gli altri"),
    Rule("Criteri di sorteggio", DRAW, ("draw", "criteria"),
         Words(terms=DRAW_CRITERIA, what="criterio"),
         "che cosa si evita ai tavoli, dal più importante",
         "ripetizioni del tavolo da 5; coppie dello stesso club; incontri ripetuti"),
    Rule("Incontri ripetuti", DRAW, ("draw", "repeat_weighting"),
         Choice(terms=REPEAT_TERMS, what="peso"),
         "se un incontro recente pesa più di uno lontano", "tutti uguali"),
    # --------------------------------------------------------------- classifica
    Rule("Turni preliminari", STANDINGS, ("standings", "rounds"), Integer(low=1),
         "quante partite (serate) prima delle fasi finali", "5", setting=True),
    Rule("Scarti", STANDINGS, ("standings", "drops"), Integer(),
         "quanti risultati peggiori non contano (un'assenza è la prima scartata)", "1",
         setting=True),
    Rule("Scarti dal turno", STANDINGS, ("standings", "drops_from"), Integer(optional=True),
         "da quale turno la classifica scarta i risultati peggiori (prima nessuno; "
         "«nessuno»: dal secondo turno, quanti ne permettono i turni giocati)", "4"),
    Rule("Risultati contati", STANDINGS, ("standings", "best_of"), Integer(optional=True),
         "contare solo i migliori N risultati («nessuno»: tutti meno gli scarti)", "nessuno"),
    Rule("Spareggi in classifica", STANDINGS, ("standings", "chain"),
         Words(terms=STANDING_CRITERIA_TABLE, what="criterio"),
         "chi è davanti a parità di punti, in ordine; il sorteggio solo ultimo",
         "partite vinte; vittoria con più punti; classifica senza scarti; sorteggio"),
    Rule("Partite minime per la classifica", STANDINGS, ("standings", "min_games"),
         Integer(), "chi non può più arrivare a N partite va in fondo alla classifica",
         "3"),
    Rule("Ritirati", STANDINGS, ("standings", "withdrawn"),
         Choice(terms=WITHDRAWN_TABLE, what="trattamento"),
         "che cosa resta dei punteggi di chi si ritira", "tolti"),
    Rule("Sorteggio per i finalisti diretti", STANDINGS,
         ("standings", "lottery_decides_direct_final"), Flag(),
         "se il sorteggio della classifica può decidere un posto diretto in finale («no»: "
         "a quel punto decide l'arbitro, con risiko-xl decidi --ordine)", "sì"),
    Rule("Colonne di classifica", STANDINGS, ("standings", "columns"), Texts(),
         "colonne in più nel foglio Classifica (senza scarti Generale e Assoluta sono il "
         "Totale, che non si ripete)", "Generale; Assoluta"),
    Rule("Medagliere", STANDINGS, ("standings", "medals"), Flag(),
         "classifica per vittorie, secondi, terzi e quarti posti (regolamento 004)", "no"),
    # ------------------------------------------------------------- fasi finali
    Rule("Giocatori in finale", PHASES, ("phases", "final_size"), Integer(),
         "quanti giocano la finale (0: nessuna finale, vince la classifica)", "4"),
    Rule("Fase prima della finale", PHASES, ("phases", "stage", "kind"),
         Choice(terms=STAGE_KINDS_TABLE, what="fase", none="nessuna"),
         "semifinali, spareggio, eliminazione diretta o nessuna (in finale i primi)",
         "semifinali"),
    Rule("Finalisti diretti", PHASES, ("phases", "direct", "rule"),
         Choice(terms=DIRECT_RULES_TABLE, what="regola"),
         "chi va in finale senza giocare la fase prima", "i primi in classifica"),
    Rule("Numero finalisti diretti", PHASES, ("phases", "direct"), FieldCount(),
         "quanti vanno direttamente in finale; anche secondo i giocatori in classifica "
         "che hanno giocato almeno una partita, contati quando «finali» prepara la fase",
         "fino a 17 giocatori: 2; oltre: 1"),
    Rule("Giocatori per tavolo della fase", PHASES, ("phases", "stage", "table_size"),
         Integer(low=3), "da quanti giocatori sono i tavoli della fase prima della finale",
         "4"),
    Rule("Posti in classifica", PHASES, ("phases", "stage", "ranks"), Places(),
         "i posti della classifica che giocano la fase («nessuno»: quelli dopo i "
         "finalisti diretti)", "dal 3° al 9°"),
    Rule("Ripescati", PHASES, ("phases", "stage", "recalls"),
         Words(terms=RECALL_CRITERIA_TABLE, what="criterio di ripescaggio"),
         "chi è ripescato nella fase, uno per voce (a parità decide la classifica)",
         "miglior partita singola"),
    Rule("Ripescati dal posto", PHASES, ("phases", "stage", "recall_from"),
         Integer(low=1, optional=True),
         "i ripescati si cercano da questo posto in giù («nessuno»: fra tutti gli esclusi)",
         "10"),
    Rule("Partite minime per il ripescaggio", PHASES, ("phases", "stage", "recall_min_games"),
         Integer(), "le partite preliminari che un ripescato deve aver giocato (0: nessun "
         "minimo)", "3"),
    Rule("Partite minime per la fase", PHASES, ("phases", "stage", "min_games"), Integer(),
         "le partite preliminari per un posto della fase per classifica", "0"),
    Rule("Club separati", PHASES, ("phases", "stage", "club_separation"), Flag(),
         "dividere i giocatori dello stesso club fra i tavoli della fase", "sì"),
    Rule("Sostituzione dei ritirati", PHASES, ("phases", "stage", "replacement"),
         Choice(terms=REPLACEMENTS_TABLE, what="sostituzione"),
         "chi prende il posto in finale di un qualificato che si ritira", "classifica"),
    Rule("Nome della fase", PHASES, ("phases", "stage", "label"),
         Choice(terms=STAGE_LABELS_TABLE, what="nome della fase"),
         "come si chiama lo spareggio nei fogli e nei post (vuoto: ripescaggio se ripesca "
         "il miglior escluso dell'assoluta, altrimenti spareggio)", "ripescaggio"),
    Rule("Partite minime per la finale", PHASES, ("phases", "final_min_games"), Integer(),
         "le partite preliminari per un posto in finale per classifica", "3"),
    Rule("Tornei paralleli oltre giocatori", PHASES, ("phases", "split", "over"),
         Integer(low=1, optional=True),
         "con più giocatori la classifica si divide in tornei paralleli (001 §8)", "99"),
    Rule("Numero di tornei paralleli", PHASES, ("phases", "split", "ways"), Integer(low=2),
         "quanti tornei paralleli oltre quel numero di giocatori", "2"),
    Rule("Un torneo parallelo in più oltre", PHASES, ("phases", "split", "steps"), Places(),
         "un torneo parallelo in più oltre ciascuno di questi numeri di giocatori",
         "76; 116; 156; 196"),
    Rule("Partite per contare i tornei paralleli", PHASES, ("phases", "split", "min_games"),
         Integer(), "si contano i giocatori che hanno giocato almeno queste partite, "
         "ritirati compresi (0: almeno una)", "2"),
    Rule("Parità in finale", PHASES, ("phases", "final_ties"),
         Choice(terms=FINAL_TIES_TABLE, what="parità"),
         "chi è davanti nella classifica finale a pari punti al tavolo della finale",
         "classifica dei turni"),
    Rule("Classifica finale", PHASES, ("phases", "ranking"),
         Choice(terms=FINAL_RANKINGS_TABLE, what="classifica"),
         "come si ordinano i giocatori dopo i finalisti", "finale e somma dei punti"),
    # ---------------------------------------------------------------- squadre
    Rule("Torneo a squadre", TEAMS, ("teams",), Flag(),
         "un campionato a squadre (regolamento 004 CNS)", "no"),
    Rule("Giocatori per squadra a turno", TEAMS, ("teams", "players_per_round"),
         Integer(low=1), "quanti giocatori di ogni squadra giocano ogni turno", "5"),
    Rule("Risultati contati per squadra", TEAMS, ("teams", "best_of"), Integer(low=1),
         "quanti risultati individuali fanno il punteggio della squadra", "11"),
    Rule("Componenti della squadra", TEAMS, ("teams", "members"), Span(),
         "il minimo e il massimo degli iscritti di una squadra", "5-15"),
    Rule("Tavoli delle squadre", TEAMS, ("teams", "table_size"),
         Integer(low=3, optional=True), "da quanti giocatori sono i tavoli", "5"),
    # ---------------------------------------------------------------- varianti
    Rule("Giocatori massimi", VARIANTS, ("max_players",), Integer(low=1, optional=True),
         "la variante vale fino a questo numero di giocatori al primo sorteggio "
         "(«nessuno»: oltre)", "28"),
)


def _norm(name: str) -> str:
    return " ".join(str(name).replace("’", "'").split()).casefold()


BY_NAME = {_norm(r.name): r for r in RULES}
NAMES = tuple(r.name for r in RULES)


def rule_named(name: str) -> Rule:
    """The rule called `name` (any case or spacing); CellProblem with a suggestion."""
    rule = BY_NAME.get(_norm(name))
    if rule is None:
        raise CellProblem(f"regola sconosciuta{suggest(str(name).strip(), NAMES)}")
    return rule


def rule_at(path: Sequence[str], method: str | None = None) -> Rule | None:
    """The rule of `path` (for a method's parameter, of `method`'s kind)."""
    for rule in RULES:
        if rule.path == tuple(path) and (not rule.methods or method in rule.methods):
            return rule
    return None


def quoted(*path: str) -> str:
    """«Name» of the rule at `path`, for messages."""
    rule = rule_at(path) or next((r for r in RULES if r.path[: len(path)] == path), None)
    return f"«{rule.name}»" if rule else "«" + ".".join(path) + "»"


def setting_names() -> tuple[str, ...]:
    """The rules that are also settings of Impostazioni."""
    return tuple(r.name for r in RULES if r.setting)


# A rule whose value switches a part of the formula off, and the keys of the rules that
# then no longer apply: `risiko-xl formula --imposta` empties their rows (and says so).
SWITCHES: tuple[tuple[tuple[str, ...], Any, tuple[tuple[str, ...], ...]], ...] = (
    (("phases", "final_size"), 0, (("phases",),)),
    (("phases", "stage", "kind"), None, (("phases", "stage"), ("phases", "direct"))),
    (("phases", "direct", "rule"), "none", (("phases", "direct"),)),
    (("phases", "stage", "recalls"), [], (("phases", "stage", "recall_from"),
                                          ("phases", "stage", "recall_min_games"))),
    (("phases", "split", "over"), None, (("phases", "split", "min_games"),)),
    (("teams",), False, (("teams",),)),
)


def switched_off(rule: Rule, value: Any) -> tuple[Rule, ...]:
    """The rules that no longer apply when `rule` takes `value` (as read)."""
    out: list[Rule] = []
    for path, off, keys in SWITCHES:
        if rule.path == path and value == off:
            out += [r for r in RULES if r is not rule and r.path[:1] != ("name",)
                    and any(r.path[: len(k)] == k for k in keys)
                    and not (path == ("phases", "final_size") and r.path == path)]
    return tuple(out)
