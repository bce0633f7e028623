"""Run the engine's command line: `python -m engine --help`."""

import sys

from engine.cli import main

sys.exit(main())
