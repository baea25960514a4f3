"""A club's season, as pure rules: the national ranking's points of a tournament
(`national`), players matched across tournaments and the names that only look alike
(`names`), the season's ranking under the club's rules (`standings`) and a strength
rating over its games (`rating`). It imports only the standard library and openskill
(pure Python, so WebAssembly too): the season workbook is read and written by `services.season`, a
tournament reaches it as GestioneTorneo's model (`services.export_gt`)."""
