"""``python -m toolresult_lab.cli``: the same as the ``toolresult-lab`` command."""

import sys

from . import main

sys.exit(main())
