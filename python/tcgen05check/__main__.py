"""python -m tcgen05check: the tcgen05-check command."""
import sys

from ._cli import main

sys.exit(main())
