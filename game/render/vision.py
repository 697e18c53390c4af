"""What a player with a colour vision deficiency sees, and how far apart two pictures look
(issue 38): numpy only, on arrays of sRGB pixels (height × width × 3, 0..255).

The simulation is Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation
of Color Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6),
2009, pp. 1291-1298: one 3×3 matrix per deficiency, applied to linear RGB. The matrices below
are the paper's for severity 1.0 (dichromacy: protanopia, deuteranopia, tritanopia), written
out from its table. The pixels are decoded from sRGB to linear light first and encoded back
after (the sRGB transfer curve, IEC 61966-2-1), as the model asks. "achromat" keeps the
luminance alone (a grey picture): a pair still apart there is told apart by lightness and
shape, never by hue.

The distance between two pictures of the same size (``distance``): each pixel's CIE76 colour
difference ΔE*ab (CIELAB, D65 white), averaged over a small square patch (``window`` pixels a
side), and the largest such patch average in the picture. It answers "is there a spot at least
as big as a small mark where the two pictures clearly differ?": a mark that differs in colour
and a mark that differs only in shape both count, a speck does not. ``THRESHOLD``: why 20 is
argued at its definition.
"""

from __future__ import annotations

import numpy as np

# Machado et al. 2009, severity 1.0; rows give the simulated linear R, G, B.
MACHADO = {
    "protan": np.array([[0.152286, 1.052583, -0.204868],
                        [0.114503, 0.786281, 0.099216],
                        [-0.003882, -0.048116, 1.051998]]),
    "deutan": np.array([[0.367322, 0.860646, -0.227968],
                        [0.280085, 0.672501, 0.047413],
                        [-0.011820, 0.042940, 0.968881]]),
    "tritan": np.array([[1.255528, -0.076749, -0.178779],
                        [-0.078411, 0.930809, 0.147602],
                        [0.004733, 0.691367, 0.303900]]),
}
VISIONS = ("normal", "protan", "deutan", "tritan", "achromat")

# The threshold, in ΔE*ab over a patch: 2.3 is the just noticeable difference of two large
# patches side by side, and about 10 is a difference seen at a glance between flat patches. A
# board mark is small, on a moving, textured sea, seen for a moment across the screen; so we
# ask twice the at-a-glance difference, 20, over a patch the size of the smallest mark (a halo
# dot). Below it two states may pass for one another in a quick look.
THRESHOLD = 20.0

# sRGB (linear) to XYZ, D65 (IEC 61966-2-1), and the D65 white.
_RGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805],
                        [0.2126, 0.7152, 0.0722],
                        [0.0193, 0.1192, 0.9505]])
_WHITE = np.array([0.95047, 1.0, 1.08883])


def to_linear(srgb: np.ndarray) -> np.ndarray:
    """sRGB 0..255 to linear light 0..1."""
    c = np.asarray(srgb, np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: np.ndarray) -> np.ndarray:
    """Linear light 0..1 to sRGB 0..255 (floats; clipped to the gamut first)."""
    c = np.clip(linear, 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(srgb: np.ndarray, vision: str) -> np.ndarray:
    """The picture ``srgb`` as seen with ``vision`` (one of ``VISIONS``), sRGB 0..255 floats."""
    if vision == "normal":
        return np.asarray(srgb, np.float64)
    lin = to_linear(srgb)
    if vision == "achromat":
        y = lin @ _RGB_TO_XYZ[1]
        return to_srgb(np.repeat(y[..., None], 3, axis=-1))
    return to_srgb(lin @ MACHADO[vision].T)


def to_lab(srgb: np.ndarray) -> np.ndarray:
    """sRGB 0..255 to CIELAB (D65)."""
    xyz = to_linear(srgb) @ _RGB_TO_XYZ.T / _WHITE
    e = 216 / 24389
    f = np.where(xyz > e, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """CIE76 ΔE*ab, pixel by pixel, between two sRGB pictures of one size."""
    return np.linalg.norm(to_lab(a) - to_lab(b), axis=-1)


def patch_max(values: np.ndarray, window: int) -> float:
    """The largest mean of ``values`` over a ``window`` × ``window`` square."""
    window = max(1, min(window, *values.shape))
    s = np.pad(values, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    box = s[window:, window:] - s[:-window, window:] - s[window:, :-window] + s[:-window, :-window]
    return float(box.max()) / (window * window)


def distance(a: np.ndarray, b: np.ndarray, vision: str = "normal", window: int = 5) -> float:
    """How far apart pictures ``a`` and ``b`` (sRGB, one size) look with ``vision``: the
    largest patch mean of their ΔE*ab (see the module's words)."""
    return patch_max(delta_e(simulate(a, vision), simulate(b, vision)), window)
