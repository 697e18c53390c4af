"""Classic's screens (RULES.md §C, §D): placement, the Flying Dutchman drawn by hand, the rules
menu, the battle, and how the computer thought."""
