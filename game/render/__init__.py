"""Drawing: theme, text, widgets, the animated sea, boards and effects. Drawing never changes
game state; scenes own the state and call these helpers."""
