"""Screens every mode shares: the scene stack, dialogs, the curtain, the title, settings, the
quick-match menu, records, the game over base, and the bases of battle and placement screens."""
