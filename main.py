#!/usr/bin/env python3
"""Canasta: play Classic Canasta against computer players (from a source checkout).

python main.py            the title menu
python main.py --help     the options (game/cli.py; the same as `canasta --help`)
"""

import sys

from game.cli import main, parse_args, window_size  # noqa: F401  (re-exported: `import main` keeps working)

if __name__ == "__main__":
    sys.exit(main())
