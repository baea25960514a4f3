"""A club's season, as pure rules: the national ranking's points of a tournament
(`national`), players matched across tournaments and the names that only look alike
(`names`), and the season's ranking under the club's rules (`standings`). It imports only
the standard library: the season workbook is read and written by `services.season`, a
tournament reaches it as GestioneTorneo's model (`services.export_gt`)."""
