"""Template filters of the room's pages: `seats` (a seat's letter in the reader's language)."""
