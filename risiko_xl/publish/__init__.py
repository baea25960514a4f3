"""Publishing: results posts (forum BBCode, Markdown, chat text, HTML page), the room
screen, charts and score sheets, all built from the tournament model handed to them
(`tournament.post_source.PostSource`, read by `services.publication.post_source`).

May import the core, that model, `books.schema` (sheet names for messages), `cells`,
`names`, `clock` and `errors`; never a book, the services, the files or a face (checked
by `lint-imports`). The names below are what the faces offer (CLI choices, ribbon lists);
they are kept here, free of heavy imports, so `risiko-xl --help` stays quick.
"""

from typing import NamedTuple


class PostFormat(NamedTuple):  # a NamedTuple: dataclasses would import `inspect` at --help
    """One format of a post, read by every face and by the renderer: its name (as
    `--formato` takes it), what it is for, its template, how printed values are escaped
    (`bbcode`, `markdown`, `chat`, `html`: see `posts.ESCAPES`), the suffix of its file,
    whether it is text a sheet or a chat can hold (xlwings Lite offers those: no chart),
    and whether it is a results post (the room screen is a page of its own)."""

    name: str
    use: str
    template: str
    escaping: str
    suffix: str
    text: bool
    post: bool = True


FORMATS = (
    PostFormat("bbcode-vb", "forum EG", "post/bbcode-vb.txt.j2", "bbcode", ".txt", True),
    PostFormat("bbcode-phpbb", "forum phpBB", "post/bbcode-phpbb.txt.j2", "bbcode", ".txt",
               True),
    PostFormat("markdown", "Discord, GitHub, Telegram", "post/markdown.md.j2", "markdown",
               ".md", True),
    PostFormat("testo", "WhatsApp, Telegram", "post/testo.txt.j2", "chat", ".txt", True),
    PostFormat("html", "pagina web con il grafico", "post/pagina.html.j2", "html", ".html",
               False),
    PostFormat("schermo", "pagina per proiettore o TV", "post/schermo.html.j2", "html",
               ".html", False, post=False),
)
BY_NAME = {f.name: f for f in FORMATS}
POST_FORMATS = tuple(f.name for f in FORMATS if f.post)
TEXT_FORMATS = tuple(f.name for f in FORMATS if f.text)
SCREEN, ALL = "schermo", "tutti"  # the room screen; every format in one call
FORMAT_CHOICES = (*(f.name for f in FORMATS), ALL)
FORMAT_HELP = ", ".join([*(f"{f.name} ({f.use})" for f in FORMATS),
                         f"{ALL} (ogni formato in una cartella)"])
SECTIONS = ("formula", "tavoli", "risultati", "classifica", "prossimo", "qualificati",
            "certificato")
