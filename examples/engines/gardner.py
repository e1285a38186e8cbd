#!/usr/bin/env python3
"""Gardner's triangle pairing for Red (thesis Alg. 4.1.2 and 5.1.1,
hexproof's built-in `gardner`) as a GTP engine, on boards with more columns
than rings (m > n). In columns 1..n+1 the cell (i, j) with i + j <= n+1 is
paired with (n+2-j, n+1-i); the opponent's triangle cell is answered with its
mate, otherwise any empty triangle cell, and once the triangles are full any
empty cell.

    hexproof verify --board 5x4 --strategy 'exec:python3 examples/engines/gardner.py'
"""

import gtpengine


def accepts(m, n, geometry):
    if m <= n:
        return "Gardner's strategy for Red needs more columns than rings"
    return None


_pairs = {}  # (m, n) -> (mate, zone)


def allowed(game, color):
    m, n = game.m, game.n
    if (m, n) not in _pairs:
        mate = {}
        for j in range(1, n + 1):
            for i in range(1, n + 2 - j):
                a, b = game.cell(i, j), game.cell(n + 2 - j, n + 1 - i)
                mate[a], mate[b] = b, a
        _pairs[m, n] = mate, set(mate)
    mate, zone = _pairs[m, n]
    return gtpengine.pairing(game, color, mate, zone, ["I", "1", "2", "3"])


if __name__ == "__main__":
    gtpengine.Engine("gardner.py (Alg. 5.1.1)", allowed, accepts).run()
