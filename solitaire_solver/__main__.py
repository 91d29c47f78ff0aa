"""``python -m solitaire_solver``: the command line."""

import sys

from .cli import main

sys.exit(main())
