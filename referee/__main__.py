import os
import sys

from .cli import main

try:
    sys.exit(main())
except BrokenPipeError:
    # The reader went away (``| head``): stop quietly, as other command-line tools do.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(1)
