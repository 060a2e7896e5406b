"""`python -m game`: the same as the `canasta` command."""

import sys

from game.cli import main

sys.exit(main())
