#!/usr/bin/env python3
"""The half-turn pairing of Alpern and Beck (thesis Alg. 4.2.1, hexproof's
built-in `mirror`) as a GTP engine: on a cylinder with m = 2k columns, answer
the opponent's (i, j) with (i+k, j); when that is taken, or the opponent has
not played, any empty cell.

    hexproof verify --board 6x4 --strategy 'exec:python3 examples/engines/mirror.py'
"""

import gtpengine


def accepts(m, n, geometry):
    if geometry == "flat":
        return "the mirror needs the columns to wrap round"
    if m % 2:
        return "the mirror needs an even number of columns"
    return None


_pairs = {}  # (m, n) -> (mate, zone)


def allowed(game, color):
    m, n, k = game.m, game.n, game.m // 2
    if (m, n) not in _pairs:
        mate = {}
        for j in range(1, n + 1):
            for i in range(1, k + 1):
                a, b = game.cell(i, j), game.cell(i + k, j)
                mate[a], mate[b] = b, a
        _pairs[m, n] = mate, set(mate)
    mate, zone = _pairs[m, n]
    return gtpengine.pairing(game, color, mate, zone, ["I", "1", "2", "2"])


if __name__ == "__main__":
    gtpengine.Engine("mirror.py (Alg. 4.2.1)", allowed, accepts).run()
