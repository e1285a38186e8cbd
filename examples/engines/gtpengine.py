"""A small GTP engine for hexproof's exec: strategies (standard library only).

hexproof (docs/design.md §7) sends one command per line and reads an answer
"= ..." or "? ..." followed by an empty line. This module keeps the board and
the game and answers the commands; a strategy is a function

    allowed(game, color) -> (cells, rule)

returning the cells (indices, (ring-1)*m + (column-1)) the strategy allows for
color ("red" or "blue") and the label of the rule that chose them. genmove
plays the first of them in cell order; hexproof_allowed lists them all.

A strategy may look at the position and at the opponent's last move only
(game.last_move): hexproof shows each position in one canonical order, and
merges games that reach the same position by different orders.
"""

import os
import sys


def letters(i):
    s = ""
    while i > 0:
        i -= 1
        s = chr(ord("a") + i % 26) + s
        i //= 26
    return s


class Game:
    def __init__(self):
        self.m, self.n, self.geometry = 0, 0, "cylinder"
        self.stones = {}  # cell -> "red" | "blue"
        self.history = []  # (color, cell)

    def cell(self, i, j):
        """The cell of column i, ring j (1-based)."""
        return (j - 1) * self.m + (i - 1)

    def coord(self, c):
        return c % self.m + 1, c // self.m + 1

    def resize(self, m, n):
        self.m, self.n = m, n
        self.names = []
        for c in range(m * n):
            i, j = self.coord(c)
            self.names.append(letters(i) + str(j))
        self.index = {name: c for c, name in enumerate(self.names)}

    def fmt(self, c):
        return self.names[c]

    def parse(self, s):
        c = self.index.get(s)
        if c is not None:
            return c
        s = s.strip().lower()
        k, i = 0, 0
        while k < len(s) and s[k].isalpha():
            i = i * 26 + ord(s[k]) - ord("a") + 1
            k += 1
        if k == 0 or k == len(s) or not s[k:].isdigit():
            raise ValueError("not a cell: %r" % s)
        j = int(s[k:])
        if not (1 <= i <= self.m and 1 <= j <= self.n):
            raise ValueError("off the board: %r" % s)
        return self.cell(i, j)

    def empty(self):
        stones = self.stones
        return [c for c in range(self.m * self.n) if c not in stones]

    def last_move(self, color):
        """The opponent's last move when color is to move, else None."""
        if self.history and self.history[-1][0] != color:
            return self.history[-1][1]
        return None


def other(color):
    return "blue" if color == "red" else "red"


class Engine:
    def __init__(self, name, allowed, accepts=None):
        self.name = name
        self.allowed = allowed
        self.accepts = accepts  # (m, n, geometry) -> error text or None
        self.game = Game()
        self.commands = {
            "name": self.cmd_name,
            "version": lambda a: "1",
            "protocol_version": lambda a: "2",
            "known_command": lambda a: "true" if a and a[0] in self.commands else "false",
            "list_commands": lambda a: "\n".join(sorted(self.commands)),
            "boardsize": self.cmd_boardsize,
            "hexproof_geometry": self.cmd_geometry,
            "clear_board": self.cmd_clear,
            "play": self.cmd_play,
            "undo": self.cmd_undo,
            "genmove": self.cmd_genmove,
            "hexproof_allowed": self.cmd_allowed,
            "showboard": self.cmd_show,
            "quit": lambda a: "",
        }

    def cmd_name(self, args):
        return self.name

    def check(self):
        g = self.game
        if self.accepts and g.m:
            why = self.accepts(g.m, g.n, g.geometry)
            if why:
                raise ValueError(why)

    def cmd_boardsize(self, args):
        if len(args) == 1:
            args = args * 2
        m, n = int(args[0]), int(args[1])
        if m < 1 or n < 1:
            raise ValueError("bad size")
        self.game.resize(m, n)
        self.check()
        self.cmd_clear(args)
        return ""

    def cmd_geometry(self, args):
        if not args or args[0] not in ("cylinder", "flat", "torus"):
            raise ValueError("unknown geometry")
        self.game.geometry = args[0]
        self.check()
        return ""

    def cmd_clear(self, args):
        self.game.stones, self.game.history = {}, []
        return ""

    def color(self, s):
        s = s.lower()
        if s in ("red", "r", "black"):  # Hex GUIs call the first player black
            return "red"
        if s in ("blue", "b", "white", "w"):
            return "blue"
        raise ValueError("unknown color %r" % s)

    def cmd_play(self, args):
        color, c = self.color(args[0]), self.game.parse(args[1])
        if c in self.game.stones:
            raise ValueError("cell occupied")
        self.game.stones[c] = color
        self.game.history.append((color, c))
        return ""

    def cmd_undo(self, args):
        if not self.game.history:
            raise ValueError("cannot undo")
        _, c = self.game.history.pop()
        del self.game.stones[c]
        return ""

    def decide(self, color):
        cells, rule = self.allowed(self.game, color)
        if not cells:
            raise ValueError("no move")
        return sorted(cells), rule

    def cmd_genmove(self, args):
        color = self.color(args[0])
        cells, _ = self.decide(color)
        self.game.stones[cells[0]] = color
        self.game.history.append((color, cells[0]))
        return self.game.fmt(cells[0])

    def cmd_allowed(self, args):
        cells, rule = self.decide(self.color(args[0]))
        names = self.game.names
        return " ".join([names[c] for c in cells]) + " # " + rule

    def cmd_show(self, args):
        g = self.game
        rows = []
        for j in range(1, g.n + 1):
            row = " " * (j - 1)
            for i in range(1, g.m + 1):
                row += {"red": "R ", "blue": "B "}.get(g.stones.get(g.cell(i, j)), ". ")
            rows.append(row.rstrip())
        return "\n" + "\n".join(rows)

    def answer(self, line):
        """The answer to one command line (with its trailing empty line)."""
        words = line.split()
        if not words:
            return b""
        cmd, args = words[0], words[1:]
        f = self.commands.get(cmd)
        if f is None:
            return ("? unknown command\n\n").encode()
        try:
            return ("= " + f(args) + "\n\n").encode()
        except (ValueError, IndexError) as e:
            return ("? " + str(e) + "\n\n").encode()

    def run(self):
        """Answers commands from standard input until it closes (or quit).
        The answers to the commands of one read are written together, so that
        commands sent several at a time cost one write."""
        buf = b""
        while True:
            data = os.read(0, 1 << 16)
            if not data:
                return
            lines = (buf + data).split(b"\n")
            buf = lines.pop()  # an incomplete last line waits for the rest
            out = []
            for line in lines:
                text = line.decode().split("#", 1)[0].strip()
                out.append(self.answer(text))
                if text == "quit":
                    os.write(1, b"".join(out))
                    return
            os.write(1, b"".join(out))


def pairing(game, color, mate, zone, labels):
    """A pairing strategy (thesis Alg. 4.1.1, 4.1.2, 4.2.1, 5.1.1): labels are
    those of rules I (the opponent has not played), 1 (the mate of the
    opponent's cell is empty: it), 2 (the mate is taken) and 3 (the opponent
    played outside the zone); 2 and 3 allow any empty cell of the zone, and
    once the zone is full any empty cell (the label then ends in " (full)")."""
    empty = game.empty()
    last = game.last_move(color)
    k = 0
    if last is not None:
        x = mate.get(last)
        if x is None:
            k = 3
        elif x not in game.stones:
            return [x], labels[1]
        else:
            k = 2
    z = [c for c in empty if c in zone]
    if z:
        return z, labels[k]
    return empty, labels[k] + " (full)"
