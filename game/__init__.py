"""Sea Battle ("Морской бой"): every version of the paper game, on pygame-ce."""

__version__ = "0.1.0"
