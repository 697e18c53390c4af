"""«Кораблики»'s screens (RULES.md §K): the set-up of 52 pieces, the battle, the game over."""
