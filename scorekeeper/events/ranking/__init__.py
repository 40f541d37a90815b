"""Who is ahead, in plain Python (no Django, no database): what each seat did in a hand
(`tally`), a night's standings with their tie-breaks, sit-out credit and side prizes
(`standings`), and how a season's nights add up to its ladder (`ladders`)."""
