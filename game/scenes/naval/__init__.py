"""Naval's screens (RULES.md §N): placement of ships and weapons, the battle (building a
volley, showing its answer), the game over."""
