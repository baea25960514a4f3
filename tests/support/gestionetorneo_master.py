"""A master of sixteen players in GestioneTorneo's layout, built in code: two qualifying
rounds, the semifinals and the final as GestioneTorneo keeps them (`3° Turno`, `4° Turno`),
every score and the final ranking computed by hand from seed 001 §7."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D
from fractions import Fraction as F
from pathlib import Path

from risiko_xl.gestionetorneo import writer
from risiko_xl.gestionetorneo.model import Info, Player, Round, Seat, Table, Workbook

# (round, table, ((ID, typed points), …)): four 4-tables a round, no ties, no club (the
# semifinal's club separation, 001 §8, moves nobody)
PRELIMINARY = (
    (1, 1, ((1, 60), (5, 40), (9, 30), (13, 20))),
    (1, 2, ((2, 58), (6, 38), (10, 28), (14, 18))),
    (1, 3, ((3, 56), (7, 36), (11, 26), (15, 16))),
    (1, 4, ((4, 54), (8, 34), (12, 24), (16, 14))),
    (2, 1, ((5, 62), (1, 40), (10, 30), (15, 20))),
    (2, 2, ((6, 61), (2, 40), (11, 30), (16, 20))),
    (2, 3, ((7, 59), (3, 40), (12, 30), (13, 20))),
    (2, 4, ((8, 57), (4, 40), (9, 30), (14, 20))),
)
# 001 §7: «conversione in millesimi, aggiungendo poi al vincitore della partita una
# unità»: 5: 0,040 + (1 + 0,062) = 1,102; 1: 1,060 + 0,040 = 1,100; 6: 0,038 + 1,061 =
# 1,099; 2: 1,058 + 0,040 = 1,098; 3: 1,056 + 0,040 = 1,096; 7: 0,036 + 1,059 = 1,095;
# 4: 1,054 + 0,040 = 1,094; 8: 0,034 + 1,057 = 1,091; 9: 0,030 + 0,030 = 0,060;
# 10: 0,028 + 0,030; 11: 0,026 + 0,030; 12: 0,024 + 0,030; 13: 0,020 + 0,020;
# 14: 0,018 + 0,020; 15: 0,016 + 0,020; 16: 0,014 + 0,020. Nobody won both games, so
# no direct finalist (001 §7); semifinals «per fasce 1-4, 5-8, 9-12, 13-16».
STANDINGS = (5, 1, 6, 2, 3, 7, 4, 8, 9, 10, 11, 12, 13, 14, 15, 16)
# 001 §7 «Con quattro tavoli di semifinale gli accoppiamenti prevederanno ad ogni tavolo un
# giocatore classificato dal 1° al 4° posto, un giocatore classificato dal 5° all'8° posto,
# un giocatore classificato dal 9° al 12° posto ed un giocatore classificato dal 13° al
# 16° posto»: GestioneTorneo's draw within the bands (ours would draw them otherwise)
SEMIFINALS = (
    (3, 1, ((5, 50), (3, 40), (12, 30), (13, 20))),
    (3, 2, ((7, 45), (1, 35), (11, 25), (14, 15))),
    (3, 3, ((10, 60), (6, 30), (4, 20), (15, 10))),
    (3, 4, ((16, 55), (2, 30), (8, 20), (9, 10))),
)
FINAL = ((4, 1, ((5, 10), (7, 30), (10, 40), (16, 80))),)
# 001 §7 «La classifica finale del torneo sarà determinata: dal 1° al 4° posto […] in base
# all'esito della/e finale/i» (16, 10, 7, 5), «dal 5° […] posto a seguire in base alla
# somma dei singoli punti-torneo ottenuti nelle partite giocate (prime due più
# l'eventuale semifinale non vinta)»: 3: 1,096 + 0,040 = 1,136; 1: 1,100 + 0,035 =
# 1,135; 6: 1,099 + 0,030 = 1,129; 2: 1,098 + 0,030 = 1,128; 4: 1,094 + 0,020 = 1,114;
# 8: 1,091 + 0,020 = 1,111; 12: 0,054 + 0,030 = 0,084; 11: 0,056 + 0,025 = 0,081;
# 9: 0,060 + 0,010 = 0,070; 13: 0,040 + 0,020 = 0,060; 14: 0,038 + 0,015 = 0,053;
# 15: 0,036 + 0,010 = 0,046.
RANKING = (16, 10, 7, 5, 3, 1, 6, 2, 4, 8, 12, 11, 9, 13, 14, 15)
TOTALS_5TH_ON = {3: F(1136, 1000), 1: F(1135, 1000), 6: F(1129, 1000), 2: F(1128, 1000),
                 4: F(1114, 1000), 8: F(1111, 1000), 12: F(84, 1000), 11: F(81, 1000),
                 9: F(70, 1000), 13: F(60, 1000), 14: F(53, 1000), 15: F(46, 1000)}


def rounds(*tables, played: bool = True) -> tuple[Round, ...]:
    by_round: dict[int, list[Table]] = {}
    for round_no, number, seats in tables:
        by_round.setdefault(round_no, []).append(Table(number, tuple(
            Seat(pid, D(value) if played else None) for pid, value in seats)))
    return tuple(Round(n, tuple(t)) for n, t in sorted(by_round.items()))


def master(tmp_path: Path, *played: Round, kind: str = "MasterRisiko", players: int = 16,
           name: str = "Modulo.xlsx") -> Path:
    """A master of `players` in GestioneTorneo's layout, four rounds planned."""
    info = Info("Circolo di Prova", "RC Roma", "Master di prova", kind, 4, "",
                tuple(dt.date(2025, 3, d) for d in (1, 1, 2, 2)))
    people = tuple(Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, players + 1))
    return writer.write(Workbook(info, people, played), tmp_path / name)


# Player 1 wins both games and leads alone: 001 §1 «Nel caso in cui, dopo le due partite,
# un solo giocatore sia da solo in testa alla classifica, ed abbia comunque vinto entrambe
# le partite, le semifinali saranno tre» and he goes straight to the final.
# 1: 1,060 + (1 + 0,062) = 2,122; 6: 1,099; 2: 1,098; 3: 1,096; 7: 1,095; 4: 1,094;
# 8: 1,091; 5: 0,040 + 0,040 = 0,080; 9: 0,060; 10: 0,058; 11: 0,056; 12: 0,054; 13: 0,040.
SOLE_LEADER = (*PRELIMINARY[:4],
               (2, 1, ((1, 62), (5, 40), (10, 30), (15, 20))), *PRELIMINARY[5:])
# 001 §7 «Se le semifinali dovessero essere solo tre, gli accoppiamenti prevederanno ad
# ogni tavolo un giocatore classificato dal 2° al 4° posto, un giocatore classificato dal
# 5° al 7° posto, un giocatore classificato dall'8° al 10° posto ed un giocatore
# classificato dall'11° al 13° posto»: 6, 2, 3 / 7, 4, 8 / 5, 9, 10 / 11, 12, 13
THREE_SEMIFINALS = (
    (3, 1, ((6, 50), (7, 40), (5, 30), (11, 20))),
    (3, 2, ((2, 50), (4, 40), (9, 30), (12, 20))),
    (3, 3, ((3, 50), (8, 40), (10, 30), (13, 20))),
)
DIRECT_FINAL = ((4, 1, ((1, 30), (6, 50), (2, 40), (3, 20))),)  # 6, 2, 1, 3
