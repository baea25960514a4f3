"""`risiko-xl sala`: the venue live on the room's own network (issue 30). The organiser's
laptop serves, with no internet needed, the room screen and, for the players' phones,
the round's tables and the standings, «il mio tavolo», the formula: pages that follow
the workbook, whoever saves it (a command, Excel, LibreOffice).

- `room`: the workbook read again when its file changes, the pages made from it, the
  last good state kept (and said) while the file cannot be read;
- `pages`: what the server adds to the posts' pages (the live script, the state line)
  and the page of one player's table;
- `app`: the web application (Starlette): the pages, nothing else of the disk, and the
  organiser's page, which alone runs the round's clock (`clock`) and confirms results;
  `forms`: the headers of every answer, refusals, and the forms it takes (this venue's
  pages only, bounded);
- `reports`: the results sent from the tables' phones, pending in a journal beside the
  workbook; `report_pages`: the phone's form, the tables as the organiser sees them
  (checked and written by `services.table_reports`, through the command path);
- `serve`: the venue opened, its QR code in the terminal; `server`: uvicorn as the venue
  runs it (slow clients cut off, one device's share, the laptop always served).

It imports the posts (`publish`), the services that read a tournament, the one that
writes a table's confirmed result (`table_reports`, through `workbooks.on_file`), the
read-only book, Starlette and uvicorn; only the command line imports it.
"""

CLOCK_ACTIONS = ("avvia", "pausa", "riprendi", "proroga", "azzera")  # the clock's (`clock`)
