#!/usr/bin/env bash
# Stops the single-node Slurm of scripts/slurm/start.sh (its slurmd and
# slurmctld, by their pid files; munged is left running for other users).
set -uo pipefail
STATE="${STATE:-/var/spool/hexproof-slurm}"
for d in slurmd slurmctld; do
  f="$STATE/$d.pid"
  if [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null; then
    kill "$(cat "$f")"
  fi
done
