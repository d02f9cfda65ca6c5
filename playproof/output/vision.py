"""Colour vision: how colours look with a colour-vision deficiency, and how far apart two colours look.

Uses colour-science (the optional `vision` extra): Machado, Oliveira and Fernandes (2009)
matrices at full severity, applied in linear sRGB, and the CIEDE2000 colour difference.
"""

from __future__ import annotations

import warnings
from typing import Any

from playproof.errors import PlayproofError

INSTALL = 'the colour-blind proof needs colour-science: pip install "playproof[vision]"'
VISIONS = {"deutan": "Deuteranomaly", "protan": "Protanomaly", "tritan": "Tritanomaly"}
COMMON = ("deutan", "protan")  # red-green deficiencies: about 1 man in 12; tritan is rare
HARD_TO_TELL = 10.0  # CIEDE2000: colours closer than this are hard to tell apart on a small piece


def colour_science() -> Any:
    """Import colour-science quietly (it warns about its own optional parts), or say what to install."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import colour
    except ImportError:
        raise PlayproofError(INSTALL) from None
    return colour


def available() -> bool:
    """Return whether colour-science is installed."""
    try:
        colour_science()
    except PlayproofError:
        return False
    return True


def simulate(rgb: Any, vision: str) -> Any:
    """Return sRGB values (0..1, any shape ending in 3) as seen with a colour-vision deficiency."""
    colour = colour_science()
    import numpy as np

    with warnings.catch_warnings():  # tritanomaly: colour-science notes its model is an approximation
        warnings.simplefilter("ignore")
        matrix = colour.blindness.matrix_cvd_Machado2009(VISIONS[vision], 1.0)
    linear = colour.cctf_decoding(np.clip(rgb, 0.0, 1.0), function="sRGB")
    seen = np.clip(np.einsum("...j,ij->...i", linear, matrix), 0.0, 1.0)
    return colour.cctf_encoding(seen, function="sRGB")


def hex_rgb(value: str) -> tuple[float, float, float]:
    """Return "#rrggbb" (or "#rrggbbaa") as sRGB values 0..1."""
    text = value.lstrip("#")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def difference(a: str, b: str, vision: str | None = None) -> float:
    """Return the CIEDE2000 difference of two "#rrggbb" colours, as seen with a vision (None: typical)."""
    colour = colour_science()
    import numpy as np

    pair = np.array([hex_rgb(a), hex_rgb(b)])
    if vision is not None:
        pair = simulate(pair, vision)
    lab = colour.XYZ_to_Lab(colour.sRGB_to_XYZ(pair))
    return float(colour.delta_E(lab[0], lab[1], method="CIE 2000"))


def simulate_image(image: Any, vision: str) -> Any:
    """Return a PIL image as seen with a colour-vision deficiency (alpha kept)."""
    import numpy as np
    from PIL import Image

    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64) / 255.0
    seen = simulate(rgba[..., :3], vision)
    out = np.concatenate([seen, rgba[..., 3:]], axis=-1)
    return Image.fromarray(np.round(out * 255).astype(np.uint8), "RGBA")
