"""Who sits where, in plain Python (no Django, no database): the table and the round
(`seating`), rotating partners with the whist designs as data (`progressive`, `whist`), fixed
partnerships' round robins (`team_rounds`) and knockouts (`knockout`)."""
