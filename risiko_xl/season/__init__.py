"""A club's season: the national ranking's points of a tournament (`national`), players
matched across tournaments (`names`), and the season's ranking under the club's rules
(`standings`). Pure: the season workbook is read and written by `services.season`."""
