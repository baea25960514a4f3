"""The national ranking's points after the final ranking: the column «Punti ranking» of
`ClassificaFinale` (`finals_sheet`) and of the final ranking's post (`publication`),
computed from GestioneTorneo's model of the tournament (`close_out.national_by_player`).
The xlwings Lite workbook carries no such model (`risiko_xl.not_in_lite`): there the
final ranking is shown without the column."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from risiko_xl.books.schema import NATIONAL_COLUMN
from risiko_xl.errors import RisikoError

if TYPE_CHECKING:
    from risiko_xl.books.book import Book
    from risiko_xl.season.national import Basis

__all__ = ["NATIONAL_COLUMN", "national_column"]


def national_column(book: Book) -> tuple[Basis, dict[str, Decimal]] | None:
    """Each player's national points by our ID and their basis; None where the
    tournament scores nothing, its type is only guessed, or in xlwings Lite."""
    try:
        from risiko_xl.services.close_out import national_by_player
    except RisikoError:  # left out of the xlwings Lite workbook
        return None
    return national_by_player(book)
