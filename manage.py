#!/usr/bin/env python
"""Django's command-line utility for the scorekeeper."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as error:  # (a setting missing or wrong: one line, no traceback)
        print(f"manage.py: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
