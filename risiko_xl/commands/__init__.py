"""The commands, defined once for every face (`model`: what a command is; `desk`: the
organiser's commands the command line, the ribbon and the xlwings Lite scripts share)."""
