"""Computer opponents. They see only their own player's view and answer with the same actions a
person's clicks make; every decision draws on the ``rng`` they were given."""
