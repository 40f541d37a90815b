"""The table app: an installable, offline-first web app that talks only to the REST API."""
