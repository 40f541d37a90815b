"""The events API under /api/v1/: clubs, events and tables. Every view is an `EventsView`
(`base`), which authenticates, turns the URL's ids into objects and asks `access` once."""
