"""Sea Battle ("Морской бой"): every version of the paper game, on pygame-ce."""

import os

# The computer's numpy work is many small matrix products: BLAS threads only fight the render
# loop (and each other, when the benchmark runs one process per core). Set before numpy loads.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

# The window's class (X11) and app id (Wayland): the name of the desktop entry
# (assets/icon/seabattle.desktop), so a dock shows the window under the entry's icon.
for _var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
    os.environ.setdefault(_var, "seabattle")

__version__ = "0.1.0"
