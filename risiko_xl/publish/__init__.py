"""Publishing: results posts (forum BBCode, Markdown, chat text, HTML page) and score sheets.

The names below are what the faces offer (CLI choices, ribbon lists); they are kept here,
free of heavy imports, so `risiko-xl --help` stays quick.
"""

POST_FORMATS = ("bbcode-vb", "bbcode-phpbb", "markdown", "testo", "html")
SCREEN, ALL = "schermo", "tutti"  # the room screen; every format in one call
FORMAT_CHOICES = (*POST_FORMATS, SCREEN, ALL)
SECTIONS = ("tavoli", "risultati", "classifica", "prossimo", "qualificati", "certificato")
