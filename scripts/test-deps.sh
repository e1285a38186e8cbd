#!/usr/bin/env bash
# What `make test` needs beyond Go, installed if it is missing:
#   - staticcheck (go install; the lint step runs it);
#   - rsvg-convert (Debian librsvg2-bin): reports' TestSVGRenders renders the
#     pictures with it;
#   - python3 (Debian python3): the example GTP engines of examples/engines,
#     run by strategies/gtp's and cmd/hexproof's exec: tests, and
#     scripts/some-openings.sh, run by TestSomeOpeningsOverlays, with
#     /usr/bin/time (Debian time);
#   - Chromium (Debian chromium): the browser tests of
#     cmd/hexproof/browser_test.go open the HTML report and `explore` in it,
#     headless, driven over the DevTools protocol (chromedp);
#   - Slurm (slurm-wlm) and GNU parallel: the cluster tests of
#     cmd/hexproof/cluster_test.go run a plan's job files under both, and
#     need a single-node Slurm running (scripts/slurm/start.sh).
# Debian packages are installed with apt-get as root (or through sudo when
# it needs no password). Otherwise the script says what to install and goes
# on: the tests that need the program then fail with the same advice (or
# skip, with HEXPROOF_SLURM=unavailable / HEXPROOF_PARALLEL=unavailable, or
# under go test -short). It changes nothing that is already there.
set -uo pipefail
cd "$(dirname "$0")/.."
GO="${GO:-go}"
STATICCHECK_VERSION="${STATICCHECK_VERSION:-v0.8.2}"
missing=0
say() { echo "scripts/test-deps.sh: $*" >&2; }

gobin="$($GO env GOBIN)"
[ -n "$gobin" ] || gobin="$($GO env GOPATH)/bin"
if ! command -v staticcheck >/dev/null 2>&1 && [ ! -x "$gobin/staticcheck" ]; then
  say "installing staticcheck $STATICCHECK_VERSION into $gobin"
  $GO install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION" || { say "could not install staticcheck"; missing=1; }
fi

# as_root runs a command as root: directly, or through sudo without a password.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo -n "$@"; else return 126; fi
}

pkgs=()
command -v rsvg-convert >/dev/null 2>&1 || pkgs+=(librsvg2-bin)
{ command -v sbatch >/dev/null 2>&1 && command -v slurmctld >/dev/null 2>&1; } || pkgs+=(slurm-wlm)
command -v parallel >/dev/null 2>&1 || pkgs+=(parallel)
{ command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; } || pkgs+=(chromium)
command -v python3 >/dev/null 2>&1 || pkgs+=(python3)
[ -x /usr/bin/time ] || pkgs+=(time)
if [ ${#pkgs[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    say "missing ${pkgs[*]} (rsvg-convert, Slurm, GNU parallel, Chromium) and no apt-get here: install them with your package manager"
    missing=1
  else
    say "installing ${pkgs[*]} with apt-get"
    if as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null; then
      :
    else
      say "could not install ${pkgs[*]} (needs root or password-less sudo): run as root 'apt-get install ${pkgs[*]}'"
      missing=1
    fi
  fi
fi

# The cluster tests submit jobs: a node must be up.
if command -v sinfo >/dev/null 2>&1 && ! sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
  if [ "${HEXPROOF_SLURM:-}" = unavailable ]; then
    :
  elif [ "$(id -u)" -eq 0 ]; then
    scripts/slurm/start.sh || missing=1
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n scripts/slurm/start.sh || missing=1
  else
    say "Slurm is installed but not running, and starting it needs root: run 'sudo scripts/slurm/start.sh' (or set HEXPROOF_SLURM=unavailable to skip the Slurm test)"
    missing=1
  fi
fi
if [ "$missing" -ne 0 ]; then
  say "some of what the tests need is missing (see above); the tests that need it will fail saying so"
fi
exit 0
