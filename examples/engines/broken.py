#!/usr/bin/env python3
"""A deliberately broken GTP engine, for hexproof's fault tests: it plays as
mirror.py, except when asked to decide with exactly N stones on the board,
where it misbehaves as its options say:

    --crash-at N      raise an exception (a traceback on stderr, exit status 1)
    --hang-at N       never answer
    --garbage-at N    answer "= banana"
    --occupied-at N   answer an occupied cell
    --offboard-at N   answer a cell off the board
    --silent-at N     exit at once (status 0) without answering
    --refuse-at N     answer "? refused"
    --last CELL       misbehave only when the opponent's last move was CELL
    --only-if FILE    misbehave only while FILE exists (the engine is "fixed"
                      by removing it, with the same command line)
    --no-allowed      do not know hexproof_allowed (hexproof then uses genmove)
    --no-undo         do not know undo (hexproof then replays the game)
"""

import argparse
import os
import sys
import time

import gtpengine
import mirror

ap = argparse.ArgumentParser()
for what in ("crash", "hang", "garbage", "occupied", "offboard", "silent", "refuse"):
    ap.add_argument("--%s-at" % what, type=int, default=-1)
ap.add_argument("--only-if", default="")
ap.add_argument("--last", default="")
ap.add_argument("--no-allowed", action="store_true")
ap.add_argument("--no-undo", action="store_true")
opts = ap.parse_args()


def broken(at, game):
    if at != len(game.stones):
        return False
    if opts.last and (not game.history or game.fmt(game.history[-1][1]) != opts.last):
        return False
    return not opts.only_if or os.path.exists(opts.only_if)


class Broken(Exception):
    pass


def allowed(game, color):
    print("deciding for %s with %d stones" % (color, len(game.stones)), file=sys.stderr, flush=True)
    if broken(opts.crash_at, game):
        raise Broken("asked to crash with %d stones" % len(game.stones))
    if broken(opts.hang_at, game):
        time.sleep(3600)
    if broken(opts.silent_at, game):
        os._exit(0)
    if broken(opts.refuse_at, game):
        raise ValueError("refused")
    if broken(opts.garbage_at, game):
        return "banana"
    if broken(opts.occupied_at, game):
        return [sorted(game.stones)[0]], "occupied"
    if broken(opts.offboard_at, game):
        return "zz99"
    return mirror.allowed(game, color)


class Engine(gtpengine.Engine):
    def decide(self, color):
        got = allowed(self.game, color)
        if isinstance(got, str):
            raise Garbage(got)
        return sorted(got[0]), got[1]

    def answer(self, line):
        try:
            return super().answer(line)
        except Garbage as g:
            return ("= %s\n\n" % g).encode()


class Garbage(Exception):
    pass


if __name__ == "__main__":
    e = Engine("broken.py", allowed, mirror.accepts)
    if opts.no_allowed:
        del e.commands["hexproof_allowed"]
    if opts.no_undo:
        del e.commands["undo"]
    e.run()
