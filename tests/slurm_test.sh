#!/usr/bin/env bash
# slurm_test.sh - mcsim under a real Slurm: starts a one-node Slurm of its
# own (munged, slurmctld, slurmd; slurm.conf generated in a scratch folder,
# free ports) and runs the submit lines of docs/cluster.md as they are
# written, in a folder holding cluster/ (the templates unchanged), small
# configs/asian.ini and configs/european.ini, and this build's mcsim on the
# PATH (MCSIM_BACKEND=cpu):
#  1. the job array: `mkdir -p shards`, cluster/array.sbatch (3 tasks) and
#     cluster/merge.sbatch with --dependency=afterok:<array id>: the merge
#     waits for the array, and its run log holds the single run's price,
#     std error and every output bit for bit;
#  2. cluster/mpi.sbatch: srun with the template's SLURM_MPI_TYPE (pmix), 2
#     ranks: the one-process bits and a /ranks table of 2 rows (skipped in a
#     build without MPI or a Slurm without PMIx);
#  3. cluster/preemptible.sbatch stopped with `scancel --batch --signal=TERM`
#     (what its `--signal=B:TERM@120` does): mcsim checkpoints, exits 75, the
#     script requeues the job, the requeued job goes on with --resume and
#     gives the uninterrupted bits.
# sbatch gets only what this node of 2 CPUs and no GPU needs (one CPU a
# task, 3 array tasks, one node, --gpus-per-node=0, and --backend cpu after
# the MPI job's config). Before all that, with or without Slurm: no template
# expands an array (bash < 4.4 under set -u fails on an empty one).
# Every daemon is stopped by its pid on exit, failure or Ctrl-C (and by a
# watchdog if this script is killed). Exit 77 (skipped) where Slurm cannot
# start here: not root, no slurm-wlm/munge, munged fails, the node never
# idles. Usage: tests/slurm_test.sh PATH/TO/mcsim
set -u
mcsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repo=$(cd "$(dirname "$0")/.." && pwd)
skip() { echo "SKIP: $*"; exit 77; }

# bash before 4.4 (RHEL 7's 4.2, say) takes "${a[@]}" of an empty array for
# an unset variable under set -u: the templates pass options as positional
# parameters instead (${1+"$@"})
arrays=$(grep -nE '(^|[^+])"\$\{[A-Za-z_][A-Za-z_0-9]*\[@\]\}"' "$repo"/cluster/*.sbatch |
    grep -vE '^[^:]*:[0-9]+: *#') # comments aside
if [ -n "$arrays" ]; then
    echo "not ok - the templates expand no array (bash < 4.4 with set -u fails on an empty one)"
    printf '#   %s\n' "$arrays"
    exit 1
fi
echo "ok - the templates expand no array (bash < 4.4 with set -u fails on an empty one)"

[ "$(id -u)" -eq 0 ] || skip "needs root (slurmd runs as root, munged as munge)"
for c in munged munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel srun setpriv; do
    command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] ||
        skip "no $c (Debian: apt-get install -y --no-install-recommends slurm-wlm munge)"
done
id munge >/dev/null 2>&1 || skip "no munge user (Debian: apt-get install munge)"
bin() { command -v "$1" || echo "/usr/sbin/$1"; }
MUNGED=$(bin munged) SLURMCTLD=$(bin slurmctld) SLURMD=$(bin slurmd)

# nothing from an outer Slurm or MPI launcher may leak into ours
# shellcheck disable=SC2046
unset $(compgen -e | grep -E '^(SLURM_|SBATCH_|SRUN_|SALLOC_|PMIX_|PMI_|OMPI_)') MCSIM_PROFILE MCSIM_BACKEND MCSIM_LOG

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mcsim_slurm.XXXXXX") || exit 1
chmod 755 "$tmp" # munged (user munge) must reach $tmp/munge
S=$tmp/slurm
mkdir -p "$S"/{munge,state,spool,run,log,tmp} "$tmp/work" "$tmp/home" "$tmp/tmp"
# the jobs' (and Open MPI's) temporary files stay in here too
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config SLURM_CONF=$S/slurm.conf TMPDIR=$tmp/tmp

# --- stopping: every daemon by its pid, whatever happens ----------------------
munged_pid='' ctld_pid='' slurmd_pid='' watchdog_pid='' failed=0
alive() { # PID: running (a zombie is not)
    [ -n "$1" ] && kill -0 "$1" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]
}
stop_pid() { # PID: TERM, then KILL after 5 s
    alive "$1" || return 0
    kill -TERM "$1" 2>/dev/null
    for _ in $(seq 50); do alive "$1" || break; sleep 0.1; done
    alive "$1" && kill -KILL "$1" 2>/dev/null
    wait "$1" 2>/dev/null
    return 0
}
# processes of our daemons or jobs that outlived them: a slurmstepd works in
# the folder slurmd was started in ($S/run), a job's processes in $tmp/work
# with our marker in their environment
strays() {
    local p
    for p in /proc/[0-9]*; do
        case ${p#/proc/} in "$$" | "$BASHPID" | "$munged_pid") continue ;; esac
        case $(readlink "$p/cwd" 2>/dev/null) in "$tmp"/*) echo "${p#/proc/}"; continue ;; esac
        { tr '\0' '\n' <"$p/environ"; } 2>/dev/null |
            grep -qxF -e "MCSIM_SLURM_TEST=$tmp" -e "MCSIM_SLURM_JOB=$tmp" && echo "${p#/proc/}"
    done
}
sweep() { # give them 3 s to end, then KILL
    local left
    for _ in $(seq 12); do
        left=$(strays)
        [ -z "$left" ] && return 0
        sleep 0.25
    done
    # shellcheck disable=SC2086
    kill -KILL $left 2>/dev/null
}
cleanup() {
    trap - EXIT INT TERM HUP
    cd / || true
    [ -n "$watchdog_pid" ] && kill -TERM "$watchdog_pid" 2>/dev/null
    if alive "$ctld_pid"; then # end the jobs first so slurmd leaves no step behind
        timeout 5 scancel --quiet --user=root 2>/dev/null
        for _ in $(seq 40); do
            [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
            sleep 0.25
        done
    fi
    stop_pid "$slurmd_pid"
    stop_pid "$ctld_pid"
    sweep
    stop_pid "$munged_pid"
    if [ "$failed" -ne 0 ] && [ -d "$S/log" ]; then
        for f in "$S"/log/slurmctld.log "$S"/log/slurmd.log; do
            echo "# --- last lines of $(basename "$f")"
            tail -n 15 "$f" 2>/dev/null | sed 's/^/#   /'
        done
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# --- starting ------------------------------------------------------------------
host=$(hostname -s)
node=$("$SLURMD" -C 2>/dev/null | head -n 1)
case $node in NodeName=*" CPUs="*) ;; *) skip "slurmd -C says nothing usable: $node" ;; esac
node=${node#NodeName=* }
ports=$(/usr/bin/python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])') || skip "cannot find two free ports"
read -r ctld_port slurmd_port <<<"$ports"
cat >"$SLURM_CONF" <<EOF
ClusterName=mcsimtest
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge/munge.socket.2
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
TmpFS=$S/tmp
SlurmctldPidFile=$S/run/slurmctld.pid
SlurmdPidFile=$S/run/slurmd.pid
SlurmctldLogFile=$S/log/slurmctld.log
SlurmdLogFile=$S/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$S/log/jobcomp.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 $node State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

# The daemons run in $S/run, in sessions of their own (setsid, which here
# execs in place: $! is the daemon) so that Ctrl-C reaches this script
# alone, whose trap stops them in order.
# munged, with a key of its own; it must answer before slurmd starts (else
# slurmd retries for ever and ignores SIGTERM)
chown munge: "$S/munge" && chmod 755 "$S/munge"
if ! { head -c 1024 /dev/urandom >"$S/munge/munge.key" && chown munge: "$S/munge/munge.key" &&
    chmod 400 "$S/munge/munge.key"; }; then skip "cannot write a munge key"; fi
(cd "$S/run" && MCSIM_SLURM_TEST=$tmp exec setsid setpriv --reuid=munge --regid=munge --init-groups \
    "$MUNGED" -F --socket="$S/munge/munge.socket.2" --key-file="$S/munge/munge.key" \
    --pid-file="$S/munge/munged.pid" --log-file="$S/munge/munged.log" \
    --seed-file="$S/munge/munged.seed") </dev/null >"$S/log/munged.out" 2>&1 &
munged_pid=$!
ok=0
for _ in $(seq 50); do
    munge -n -S "$S/munge/munge.socket.2" 2>/dev/null | unmunge -S "$S/munge/munge.socket.2" 2>/dev/null |
        grep -q "^STATUS: *Success" && { ok=1; break; }
    alive "$munged_pid" || break
    sleep 0.1
done
[ $ok -eq 1 ] || skip "munged does not work here: $(tail -qn 3 "$S/log/munged.out" "$S/munge/munged.log" 2>/dev/null | tr '\n' ' ')"

(cd "$S/run" && MCSIM_SLURM_TEST=$tmp exec setsid "$SLURMCTLD" -D -f "$SLURM_CONF") </dev/null >"$S/log/slurmctld.out" 2>&1 &
ctld_pid=$!
(cd "$S/run" && MCSIM_SLURM_TEST=$tmp exec setsid "$SLURMD" -D -f "$SLURM_CONF") </dev/null >"$S/log/slurmd.out" 2>&1 &
slurmd_pid=$!
# the watchdog, in a session of its own: if this script dies without its
# trap (SIGKILL), it cleans up the same way
watchdog() {
    # shellcheck disable=SC2154
    while kill -0 "$parent" 2>/dev/null; do sleep 1; done
    cleanup
}
parent=$$ setsid bash -c "$(declare -f alive stop_pid strays sweep cleanup watchdog)
    $(declare -p tmp S SLURM_CONF munged_pid ctld_pid slurmd_pid); failed=0; watchdog" \
    </dev/null >/dev/null 2>&1 &
watchdog_pid=$!
t0=$(date +%s)
state=''
while [ $(($(date +%s) - t0)) -lt 30 ]; do
    alive "$ctld_pid" || skip "slurmctld stopped: $(tail -qn 3 "$S/log/slurmctld.log" "$S/log/slurmctld.out" 2>/dev/null | tr '\n' ' ')"
    alive "$slurmd_pid" || skip "slurmd stopped: $(tail -qn 3 "$S/log/slurmd.log" "$S/log/slurmd.out" 2>/dev/null | tr '\n' ' ')"
    state=$(timeout 5 sinfo -h -n "$host" -o %t 2>/dev/null)
    [ "$state" = idle ] && break
    sleep 0.25
done
[ "$state" = idle ] || skip "the node did not become idle within 30 s (state '$state'): $(tail -n 3 "$S/log/slurmd.log" 2>/dev/null | tr '\n' ' ')"
echo "# Slurm $(sinfo -V 2>/dev/null | awk '{print $2}') up on $host in $(($(date +%s) - t0)) s (ports $ctld_port, $slurmd_port)"

# --- helpers -------------------------------------------------------------------
cd "$tmp/work" || exit 1
passed=0 skipped=0 problems=() t_part=$SECONDS
report() {
    local t="($((SECONDS - t_part)) s)"
    if [ ${#problems[@]} -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1 $t"
    else failed=$((failed + 1)); echo "not ok - $1 $t"; printf '#   %s\n' "${problems[@]}"; fi
    problems=() t_part=$SECONDS
}
bits() {
    /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(repr((d["price"], d["std_error"], [(o["name"], o["price"], o["std_error"]) for o in d["outputs"]])))' 2>/dev/null
}
# The docs' sbatch: sized for this node, our jobs marked (strays), run with
# the arguments the docs give
sbatch() {
    local sized=(--cpus-per-task=1)
    case " $* " in
    *" cluster/array.sbatch "*) sized+=(--array=1-$n) ;;
    *" cluster/mpi.sbatch "*) sized+=(--nodes=1 --ntasks-per-node=2 --gpus-per-node=0) ;;
    esac
    case " $* " in
    *" cluster/mpi.sbatch "*) command sbatch --export="ALL,MCSIM_SLURM_JOB=$tmp" "${sized[@]}" "$@" \
        --backend cpu ;;
    *) command sbatch --export="ALL,MCSIM_SLURM_JOB=$tmp" "${sized[@]}" "$@" ;;
    esac
}
# docs_lines NAME: the code block after "<!-- submit:NAME" in docs/cluster.md
docs_lines() {
    awk -v m="<!-- submit:$1" 'index($0, m) == 1 { on = 1; next }
        on && /^    / { inside = 1; print substr($0, 5); next }
        on && inside && !/^    / { exit }' "$repo/docs/cluster.md"
}
# run_docs NAME: those lines run here (their jid stays set); sbatch's words
# on stdout and stderr go to NAME.submit
run_docs() {
    local lines
    lines=$(docs_lines "$1")
    if [ -z "$lines" ]; then
        problems+=("no submit:$1 lines in docs/cluster.md")
        return 1
    fi
    eval "$lines" >"$1.submit" 2>&1 || { problems+=("the docs' lines failed: $(tail -n 3 "$1.submit")"); return 1; }
}
submitted() { # NAME: the id of the last job sbatch submitted there
    sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$1.submit" | tail -n 1
}
# h5bits FILE: the estimate's bits of a run log, as bits prints a JSON run's
h5bits() {
    /usr/bin/python3 -c '
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    r, o = f["result"].attrs, f["outputs"]
    outs = [o[str(j)].attrs for j in range(len(o))]
    print(repr((float(r["price"]), float(r["std_error"]),
                [(a["name"], float(a["price"]), float(a["std_error"])) for a in outs])))' "$1" 2>/dev/null
}
field() { # JOBID FIELD: FIELD of scontrol's record(s) of the job, one a line
    scontrol -o show job "$1" 2>/dev/null | grep -o "\b$2=[^ ]*" | cut -d= -f2-
}
wait_gone() { # JOBID SECONDS: until squeue no longer lists it
    local end=$(($(date +%s) + $2))
    local r
    while r=$(squeue -h -j "$1" -o %r 2>/dev/null) && [ -n "$r" ]; do
        [ "$(date +%s)" -ge $end ] || [ "$r" = DependencyNeverSatisfied ] && return 1
        sleep 0.25
    done
}
wait_state() { # JOBID STATE SECONDS
    local end=$(($(date +%s) + $3))
    until [ "$(field "$1" JobState | head -n 1)" = "$2" ]; do
        [ "$(date +%s)" -ge $end ] && return 1
        sleep 0.25
    done
}
running_mcsim() { # the pid of an mcsim running in one of our jobs
    local p
    for p in /proc/[0-9]*; do
        [ "$(cat "$p/comm" 2>/dev/null)" = mcsim ] && [ "$(readlink "$p/cwd" 2>/dev/null)" = "$tmp/work" ] &&
            { echo "${p#/proc/}"; return; }
    done
}
# the folder the docs' lines run in: the templates as they are, small
# configs, this mcsim on the PATH, on the cpu
ln -s "$repo/cluster" cluster
mkdir configs bin
ln -s "$mcsim" bin/mcsim
export PATH=$tmp/work/bin:$PATH MCSIM_BACKEND=cpu
# config_sized NAME PATHS BLOCK_SIZE: configs/NAME.ini, the repository's with these
# [simulation] paths and block_size
config_sized() {
    sed -e '/^paths *=/d' -e '/^block_size *=/d' \
        -e "s/^\[simulation\]\$/[simulation]\npaths = $2\nblock_size = $3/" \
        "$repo/configs/$1.ini" >"configs/$1.ini"
    grep -q "^block_size = $3\$" "configs/$1.ini" ||
        { failed=1; echo "not ok - configs/$1.ini has no [simulation] section"; exit 1; }
}
config_sized asian 200000 4096
config_sized european 200000 4096
want=$(mcsim configs/asian.ini -q -f json --no-log | bits)
[ -n "$want" ] || { failed=1; echo "not ok - the single run failed"; exit 1; }

# --- 1. job array + dependent merge --------------------------------------------
n=3
jid=''
if run_docs array; then
    aid=$jid mid=$(submitted array)
    if [ -z "$aid" ] || [ -z "$mid" ]; then
        problems+=("no job ids from the docs' lines: $(tail -n 3 array.submit)")
    else
        reason=$(squeue -h -j "$mid" -o %r)
        [ "$reason" = Dependency ] || problems+=("the merge job is not held by its dependency (reason '$reason')")
        wait_gone "$mid" 120 || problems+=("the merge job did not run (120 s at most): $(squeue -h -j "$aid,$mid" -o '%i %T %r' | tr '\n' ' ')")
        states=$(field "$aid" JobState | sort | uniq -c | tr -s ' \n' ' ')
        [ "$states" = " $n COMPLETED " ] || problems+=("array tasks:$states")
        [ "$(field "$aid" ExitCode | sort -u)" = 0:0 ] || problems+=("array exit codes: $(field "$aid" ExitCode | tr '\n' ' ')")
        [ "$(field "$mid" JobState)" = COMPLETED ] || problems+=("merge job $(field "$mid" JobState) $(field "$mid" ExitCode): $(tail -n 3 "slurm-$mid.out" 2>/dev/null)")
        last_end=$(field "$aid" EndTime | sort | tail -n 1)
        [[ "$(field "$mid" StartTime)" < "$last_end" ]] &&
            problems+=("the merge started at $(field "$mid" StartTime), before the last task ended ($last_end)")
        for i in $(seq 1 $n); do
            [ -s "shards/$aid/shard-$i.h5" ] || problems+=("no shards/$aid/shard-$i.h5: $(tail -n 2 "shards/mcsim-shards-$aid-$i.out" 2>/dev/null)")
            [ -f "shards/mcsim-shards-$aid-$i.out" ] || problems+=("no task output shards/mcsim-shards-$aid-$i.out")
        done
        got=$(h5bits "asian-$aid.h5")
        [ "$want" = "$got" ] || problems+=("single run $want, merged by Slurm into asian-$aid.h5: ${got:-no result}")
    fi
fi
report "docs' job array (cluster/array.sbatch, $n shards) + merge after afterok:<array> (cluster/merge.sbatch): the single run's bits"

# --- 2. cluster/mpi.sbatch: srun, 2 ranks ---------------------------------------
t_part=$SECONDS
if mcsim --version | grep -q "mpi ranks: none"; then
    skipped=$((skipped + 1)); echo "ok - cluster/mpi.sbatch # SKIP this mcsim has no MPI (Debian: libopenmpi-dev)"
elif ! srun --mpi=list 2>&1 | grep -qw pmix; then
    skipped=$((skipped + 1)); echo "ok - cluster/mpi.sbatch # SKIP this Slurm has no PMIx plugin"
else
    want_eu=$(mcsim configs/european.ini -q -f json --no-log | bits)
    if run_docs mpi; then
        jid=$(submitted mpi)
        if [ -z "$jid" ]; then
            problems+=("sbatch failed: $(tail -n 3 mpi.submit)")
        else
            wait_gone "$jid" 90 || problems+=("the MPI job not done within 90 s")
            [ "$(field "$jid" JobState)" = COMPLETED ] || problems+=("MPI job $(field "$jid" JobState) $(field "$jid" ExitCode): $(tail -n 3 "slurm-$jid.out")")
            got=$(h5bits "mpi-$jid.h5")
            [ "$want_eu" = "$got" ] || problems+=("one process $want_eu, srun's 2 ranks ${got:-no result} ($(tail -n 2 "slurm-$jid.out"))")
            /usr/bin/python3 -c '
import sys, h5py
with h5py.File(sys.argv[1]) as f:
    r = f["ranks"][()]
    assert list(r["rank"]) == [0, 1], r["rank"]
    assert r["first_block"][0] == 0 and r["end_block"][0] == r["first_block"][1], r
    assert r["end_block"][1] == -(-200000 // 4096), r
    assert all(r["simulate"] > 0), r' "mpi-$jid.h5" 2>py.err || problems+=("/ranks table: $(tail -n 2 py.err)")
        fi
    fi
    report "docs' cluster/mpi.sbatch: srun (SLURM_MPI_TYPE=pmix) with 2 ranks: the one-process bits; /ranks has 2 rows"
fi

# --- 3. preemptible: scancel --signal=TERM, requeue, --resume -------------------
t_part=$SECONDS
# a run of about 8 s on one thread (the job's --cpus-per-task; 3 s lost the
# race to a loaded slurmctld now and then), 3e7 to 1.6e9 paths, from a
# 3e7-path probe (a sanitizer build is many times slower than a release build); the signal comes after four chunks of 2.1e6 paths
# (engine/chunking.h: 128 blocks of 16384 on one thread), at least 0.5 s: two left a margin of
# 2x over the first chunk, which a job sharing its CPU on CI's loaded sanitizer run can lose;
# a job of 3e7 paths at least has 14 chunks
t0=$(date +%s.%N)
mcsim configs/asian.ini --threads 1 --paths 3e7 -q -f json --no-log >/dev/null
read -r n_long pause < <(awk -v t="$(date +%s.%N)" -v t0="$t0" 'BEGIN {
    d = t - t0; d = d > 0.01 ? d : 0.01; p = 3e7 * 8 / d
    p = p < 3e7 ? 3e7 : (p > 1.6e9 ? 1.6e9 : p); w = 4 * 2.1e6 * d / 3e7
    printf "%d %.2f\n", int(p / 1e6) * 1e6, (w > 0.5 ? w : 0.5) }')
# the docs' line prices configs/asian.ini: now this long job
config_sized asian "$n_long" 16384
t_long=$SECONDS
want_long=$(mcsim configs/asian.ini --threads 1 -q -f json --no-log | bits)
t_long=$((SECONDS - t_long)) # the uninterrupted run's seconds: a sanitizer build is slower
wait_long=$((90 + 4 * t_long))
run_docs preemptible
pid=$(submitted preemptible)
out=slurm-$pid.out # the job's stdout and stderr, every attempt (--open-mode=append)
if [ -z "$pid" ]; then
    problems+=("sbatch failed: $(tail -n 3 preemptible.submit)")
elif ! wait_state "$pid" RUNNING 60; then
    problems+=("the job did not start within 60 s")
else
    # into the simulation: mcsim started (in $tmp/work), then $pause s of
    # the 8 s it takes; 1.5 s into a fixed 1.5e8 paths lost the race now and
    # then once the CPU kernel had got faster
    end=$(($(date +%s) + 30))
    until [ -n "$(running_mcsim)" ] || [ "$(date +%s)" -ge $end ]; do sleep 0.1; done
    sleep "$pause"
    # --batch: the batch shell alone, which passes SIGTERM on to mcsim
    scancel --batch --signal=TERM "$pid"
    end=$(($(date +%s) + 30))
    until [ "$(field "$pid" Restarts)" = 1 ] && [ "$(field "$pid" JobState)" = PENDING ]; do
        [ "$(date +%s)" -ge $end ] && break
        sleep 0.25
    done
    if [ "$(field "$pid" Restarts)" != 1 ]; then
        problems+=("not requeued: $(field "$pid" JobState) $(field "$pid" ExitCode): $(tail -n 3 "$out")")
    else
        grep -q "interrupted after" "$out" || problems+=("no 'interrupted' from the first run: $(tail -n 5 "$out")")
        [ -s "checkpoint-$pid.h5" ] || problems+=("no checkpoint-$pid.h5 after SIGTERM")
        # Slurm holds a requeued job for about 2 minutes: start it now, but
        # not in the second its last run was killed (slurmd would take the
        # new job credential, of the same second, for the revoked one)
        sleep 2
        scontrol update JobId="$pid" StartTime=now
        wait_gone "$pid" $wait_long || problems+=("the requeued job not done within $wait_long s")
        [ "$(field "$pid" JobState)" = COMPLETED ] || problems+=("requeued job $(field "$pid" JobState) $(field "$pid" ExitCode): $(tail -n 3 "$out")")
        grep -q "resuming from checkpoint-$pid.h5: blocks 0 to [1-9]" "$out" ||
            problems+=("the requeued job did not resume from the checkpoint: $(tail -n 3 "$out")")
        got=$(h5bits "result-$pid.h5")
        [ -n "$want_long" ] && [ "$want_long" = "$got" ] || problems+=("uninterrupted $want_long, stopped and resumed $got")
        [ -e "checkpoint-$pid.h5" ] && problems+=("checkpoint-$pid.h5 left after the finished run")
        [ -s "result-$pid.h5" ] || problems+=("no result-$pid.h5")
    fi
fi
report "docs' cluster/preemptible.sbatch: scancel --batch --signal=TERM, exit 75, requeue, --resume: the uninterrupted bits"

echo "# $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
