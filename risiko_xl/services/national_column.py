"""The national ranking's points after the final ranking: the column «Punti ranking» of
`ClassificaFinale` (`finals_sheet`) and of the final ranking's post (`publication`),
computed from GestioneTorneo's model of the tournament (`close_out.national_by_player`,
imported when a final ranking is written: it reaches the whole model)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from risiko_xl.books.schema import NATIONAL_COLUMN

if TYPE_CHECKING:
    from risiko_xl.books.book import Book
    from risiko_xl.season.national import Basis

__all__ = ["NATIONAL_COLUMN", "national_column"]


def national_column(book: Book) -> tuple[Basis, dict[str, Decimal]] | None:
    """Each player's national points by our ID and their basis; None where the
    tournament scores nothing or its type is only guessed."""
    from risiko_xl.services.close_out import national_by_player

    return national_by_player(book)
