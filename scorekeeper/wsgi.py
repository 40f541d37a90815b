"""The WSGI application: waitress serves it on a laptop and a hosted site
(`python -m scorekeeper.serve`), gunicorn in the benchmarks."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()
