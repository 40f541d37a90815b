"""The embedded default's database backend: Django's SQLite, with writers queued in the process
(see base.py)."""
