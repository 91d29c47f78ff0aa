"""``python -m solitaire_solver``: the command line."""

import sys

from .cli import main

# Guarded: worker processes started by "spawn" import this module again.
if __name__ == "__main__":
    sys.exit(main())
