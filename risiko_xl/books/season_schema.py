"""The season workbook's schema (`risiko-xl stagione`): its sheets, Excel tables and
headers, found by header as in the tournament's workbook (`schema`); the organiser's own
columns stay."""

from __future__ import annotations

from risiko_xl.books.book import BookKind
from risiko_xl.books.schema import TableSpec

RULES = TableSpec("Regole", "Regole", ("Voce", "Valore", "Spiegazione"))
TOURNAMENTS = TableSpec("Tornei", "Tornei", (
    "N", "Torneo", "Data", "Formula", "Tipologia", "Giocatori", "Tavoli", "Turni",
    "Punti ranking del vincitore", "Note", "File", "Impronta", "Aggiornato il"))
PLACINGS = TableSpec("Piazzamenti", "Piazzamenti", (
    "Torneo", "Pos", "ID torneo", "Giocatore", "Club", "ID nazionale", "Punti torneo",
    "Partite", "Partite vinte", "Punti ranking", "ID stagione"))
# every game of every tournament: the strength rating's input (`season.rating`)
GAMES = TableSpec("Partite", "Partite", (
    "Torneo", "Turno", "Fase", "Tavolo", "ID torneo", "Posizione", "ID stagione"))
PLAYERS = TableSpec("Giocatori", "Giocatori", (
    "ID stagione", "Giocatore", "Club", "ID nazionale", "Nomi nei tornei", "Unisci a",
    "Diverso da", "Proposta"))
STANDINGS = TableSpec("Classifica", "ClassificaStagione", (
    "Pos", "ID stagione", "Giocatore", "Club", "Punti", "Tornei", "Contati", "Vittorie",
    "Miglior piazzamento", "Partite vinte", "Punti ranking", "Valutazione", "Note"))
TABLES = (STANDINGS, RULES, TOURNAMENTS, PLAYERS, PLACINGS, GAMES)
# what makes a file the season's workbook (`OpenpyxlBook(path, kind=SEASON)`)
SEASON = BookKind((RULES.name, PLACINGS.name, STANDINGS.name),
                  "la cartella di lavoro di una stagione",
                  "risiko-xl stagione FILE --aggiungi TORNEO",
                  {spec.name: spec.sheet for spec in TABLES})
