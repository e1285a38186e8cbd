#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine (Debian's slurm-wlm and
# munge), for the job-array test (cmd/hexproof/cluster_test.go) and for trying
# 'hexproof plan' job files. Needs root; installs nothing (CI installs
# slurm-wlm first, see .ci/run). Writes $SLURM_CONF (default
# /etc/slurm/slurm.conf), keeps state under $STATE (default
# /var/spool/hexproof-slurm), and returns once the node accepts jobs.
# Stop it with scripts/slurm/stop.sh.
set -euo pipefail
SLURM_CONF="${SLURM_CONF:-/etc/slurm/slurm.conf}"
STATE="${STATE:-/var/spool/hexproof-slurm}"
export SLURM_CONF

if [ "$(id -u)" -ne 0 ]; then
  echo "scripts/slurm/start.sh: must run as root (it starts munged, slurmctld and slurmd)" >&2
  exit 2
fi
for cmd in munged slurmctld slurmd sbatch sinfo scontrol; do
  command -v "$cmd" >/dev/null || { echo "scripts/slurm/start.sh: $cmd not found; apt-get install slurm-wlm" >&2; exit 2; }
done

node="$(hostname -s)"
cpus="$(nproc)"
mem_mb="$(awk '/MemTotal/ {print int($2/1024*0.9)}' /proc/meminfo)"
mkdir -p "$(dirname "$SLURM_CONF")" "$STATE/ctld" "$STATE/d" "$STATE/log" /run/munge
chown slurm:slurm "$STATE/ctld"
chown munge:munge /run/munge

# munge authenticates slurmctld and slurmd to each other.
if [ ! -s /etc/munge/munge.key ]; then
  mungekey --create --force
  chown munge:munge /etc/munge/munge.key
fi
if ! pgrep -u munge -x munged >/dev/null; then
  runuser -u munge -- munged --pid-file=/run/munge/munged.pid
fi

cat >"$SLURM_CONF" <<CONF
# Written by hexproof scripts/slurm/start.sh: one node that is its own controller
# (addressed as 127.0.0.1, so that the host name need not resolve).
ClusterName=hexproof
SlurmctldHost=$node(127.0.0.1)
SlurmUser=slurm
AuthType=auth/munge
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
# No cgroups in containers: track processes through /proc.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
# Allocate single CPUs, so that array tasks share the node.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SchedulerType=sched/backfill
# A cancelled task gets SIGTERM, then SIGKILL after KillWait seconds:
# 'hexproof verify --shard' writes its (inconclusive) result on SIGTERM.
KillWait=30
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF

if [ -f "$STATE/slurmctld.pid" ] && kill -0 "$(cat "$STATE/slurmctld.pid")" 2>/dev/null; then
  scontrol reconfigure
else
  slurmctld -i   # -i: ignore state from an earlier start
fi
if ! { [ -f "$STATE/slurmd.pid" ] && kill -0 "$(cat "$STATE/slurmd.pid")" 2>/dev/null; }; then
  slurmd
fi

# Wait until the node takes jobs.
for _ in $(seq 1 60); do
  state="$(sinfo -h -n "$node" -o %t 2>/dev/null || true)"
  case "$state" in
    idle*|mix*|alloc*) echo "Slurm is up: node $node ($cpus CPUs), SLURM_CONF=$SLURM_CONF"; exit 0 ;;
    down*|drain*) scontrol update nodename="$node" state=resume 2>/dev/null || true ;;
  esac
  sleep 1
done
echo "scripts/slurm/start.sh: the node did not come up; see $STATE/log/" >&2
sinfo >&2 || true
tail -n 20 "$STATE"/log/*.log >&2 || true
exit 1
