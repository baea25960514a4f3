"""Publishing: results posts (forum BBCode, Markdown, chat text, HTML page), the room
screen, charts and score sheets, all built from the tournament model handed to them
(`tournament.post_source.PostSource`, read by `services.publication.post_source`).

May import the core, that model, `books.schema` (sheet names for messages), `cells`,
`names`, `clock` and `errors`; never a book, the services, the files or a face (checked
by `lint-imports`). The names below are what the faces offer (CLI choices, ribbon lists);
they are kept here, free of heavy imports, so `risiko-xl --help` stays quick.
"""

POST_FORMATS = ("bbcode-vb", "bbcode-phpbb", "markdown", "testo", "html")
SCREEN, ALL = "schermo", "tutti"  # the room screen; every format in one call
FORMAT_CHOICES = (*POST_FORMATS, SCREEN, ALL)
SECTIONS = ("formula", "tavoli", "risultati", "classifica", "prossimo", "qualificati",
            "certificato")
