"""Sea Battle — Морской бой. Start the game: ``python main.py`` (see README.md)."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
