"""`python -m risiko_xl.cli`: the same as the `risiko-xl` command."""

import sys

from risiko_xl.cli import main

sys.exit(main())
