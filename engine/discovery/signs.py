"""Signs and strengths of learned edges, read from the data.

Every column is standardised first, so a weight is a standardised coefficient (how many standard
deviations the target moves per standard deviation of the source, the other regressors held fixed):

- a directed edge a -> b: the coefficient of a in the least-squares regression of b on a and b's other
  directed parents;
- an edge whose direction is left open (undirected, partial, bidirected): the partial correlation of a
  and b given the directed parents of either, which is symmetric and does not presume a direction;
- LiNGAM edges: LiNGAM's own coefficient, rescaled to standard units.
"""

from __future__ import annotations

import numpy as np

from engine.model.graph import Orientation


def standardise(data: np.ndarray) -> np.ndarray:
    centred = data - data.mean(axis=0)
    scale = centred.std(axis=0)
    scale[scale == 0] = 1.0
    return centred / scale


def regression_weight(z: np.ndarray, source: int, target: int, others: list[int]) -> float:
    """Standardised coefficient of ``source`` when ``target`` is regressed on ``source`` and ``others``."""
    design = z[:, [source, *others]]
    coefficients, *_ = np.linalg.lstsq(design, z[:, target], rcond=None)
    return float(coefficients[0])


def partial_correlation(z: np.ndarray, a: int, b: int, given: list[int]) -> float:
    """Correlation of the residuals of a and b after regressing both on ``given``."""
    ra, rb = z[:, a], z[:, b]
    if given:
        design = z[:, given]
        ra = ra - design @ np.linalg.lstsq(design, ra, rcond=None)[0]
        rb = rb - design @ np.linalg.lstsq(design, rb, rcond=None)[0]
    denominator = float(np.sqrt((ra @ ra) * (rb @ rb)))
    return float(ra @ rb) / denominator if denominator > 0 else 0.0


def edge_weights(
    data: np.ndarray, edges: list[tuple[int, int, Orientation]], lingam: dict[tuple[int, int], float] | None = None
) -> list[float]:
    """One standardised weight per edge (a, b, orientation); a directed or partial edge points a -> b."""
    z = standardise(data)
    scale = data.std(axis=0)
    parents: dict[int, set[int]] = {}
    for a, b, orientation in edges:
        if orientation == "directed":
            parents.setdefault(b, set()).add(a)
    weights: list[float] = []
    for a, b, orientation in edges:
        if lingam is not None and (a, b) in lingam:
            weights.append(lingam[(a, b)] * scale[a] / scale[b] if scale[b] > 0 else 0.0)
        elif orientation == "directed":
            weights.append(regression_weight(z, a, b, sorted(parents.get(b, set()) - {a})))
        else:
            given = sorted((parents.get(a, set()) | parents.get(b, set())) - {a, b})
            weights.append(partial_correlation(z, a, b, given))
    return weights
