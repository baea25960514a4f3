"""`risiko-xl sala`: the venue live on the room's own network (issue 30). The organiser's
laptop serves, with no internet needed, the room screen and, for the players' phones,
the round's tables and the standings, «il mio tavolo», the formula: pages that follow
the workbook, whoever saves it (a command, Excel, LibreOffice).

- `room`: the workbook read again when its file changes, the pages made from it, the
  last good state kept (and said) while the file cannot be read;
- `pages`: what the server adds to the posts' pages (the live script, the state line)
  and the page of one player's table;
- `app`: the web application (Starlette): read-only pages, nothing else of the disk, and
  the organiser's page, which alone runs the round's clock (`clock`);
- `serve`: the address on the room's network, its QR code in the terminal, the server.

It imports the posts (`publish`), the services that read a tournament (never one that
writes it), the read-only book, Starlette and uvicorn; only the command line imports it.
"""

CLOCK_ACTIONS = ("avvia", "pausa", "riprendi", "proroga", "azzera")  # the clock's (`clock`)
