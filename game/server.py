"""``python -m game.server [--host H] [--port P] [--data DIR]``: the network server (issue 23;
the code is ``game.net.server``)."""

import sys

from .net.server import main

if __name__ == "__main__":
    sys.exit(main())
