"""The rules of every mode, pure Python: no pygame, no scenes, no module-level randomness.

Each mode is a module with a frozen config, a game state with ``legal_actions``, ``check``,
``apply(action) -> events``, ``view(player)`` and ``to_dict``/``from_dict``. Randomness comes in
only through an ``rng`` argument (a ``random.Random``), so every game replays from its seed.
"""
