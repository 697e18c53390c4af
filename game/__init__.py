"""Sea Battle ("Морской бой"): every version of the paper game, on pygame-ce."""

import os

# The computer's numpy work is many small matrix products: BLAS threads only fight the render
# loop (and each other, when the benchmark runs one process per core). Set before numpy loads.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

__version__ = "0.1.0"
