"""``python -m game``: the game, as ``main.py`` in a clone and the ``seabattle`` command of an
installed one start it."""

import sys

from .app import main

if __name__ == "__main__":
    sys.exit(main())
