#!/usr/bin/env bash
# mpi_test.sh - MPI ranks: `mpirun -np R mcsim CONFIG` (R = 1, 2, 3,
# oversubscribed on a small machine) gives the one-process run's price, std
# error and every output bit for bit, for a European, an Asian and a barrier;
# the log's /ranks table has a row per rank; a config error exits 78 on
# every rank without a hang; ranks that read different configs exit 65
# before the run; where one rank alone fails before the run (a config its
# node lacks, a usage error, --checkpoint, another --shard) every rank exits
# with its code and rank 0 names it and the cause once; a shard split over
# ranks merges like any other.
# Skipped (77) without mpirun or in a build without MPI.
# Usage: tests/mpi_test.sh PATH/TO/mcsim
. "$(dirname "$0")/lib.sh" mpi "$1"
command -v mpirun >/dev/null || { echo "SKIP: no mpirun (Debian: openmpi-bin)"; exit 77; }
"$mcsim" --version | grep -q "mpi ranks: none" && { echo "SKIP: this mcsim has no MPI"; exit 77; }
export OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 # CI runs as root
mpi=(timeout 120 mpirun --oversubscribe)
run=(--backend cpu -q -f json --threads 1 --set simulation.block_size=4096 --paths 300000)

for cfg in european asian barrier; do
    want=$("$mcsim" "$repo/configs/$cfg.ini" "${run[@]}" --no-log | bits)
    for np in 1 2 3; do
        got=$("${mpi[@]}" -np $np "$mcsim" "$repo/configs/$cfg.ini" "${run[@]}" -o r$np.h5 2>err | bits)
        [ -n "$want" ] && [ "$want" = "$got" ] || problems+=("np $np: $got, one process: $want ($(head -c 300 err))")
    done
    /usr/bin/python3 -c '
import sys, h5py
with h5py.File("r3.h5") as f:
    r = f["ranks"][()]
    assert list(r["rank"]) == [0, 1, 2], r["rank"]
    assert r["first_block"][0] == 0 and all(r["end_block"][:-1] == r["first_block"][1:]), r
    assert all(r["total"] >= r["simulate"]) and all(r["simulate"] > 0), r' 2>err \
        || problems+=("/ranks table: $(tail -n 2 err)")
    report "$cfg: mpirun -np 1, 2, 3 give the one-process bits; /ranks has a row per rank"
    rm -f r*.h5
done

"${mpi[@]}" -np 3 "$mcsim" "$repo/configs/european.ini" --set model.spot=-1 --no-log >out 2>err
rc=$?
[ $rc -eq 78 ] || problems+=("exit $rc, expected 78 (124: a hang)")
n=$(grep -c "\[model\] spot" err)
[ "$n" -eq 1 ] || problems+=("the error printed $n times, expected once")
report "a config error under mpirun: exit 78, said once, no hang"

"${mpi[@]}" -np 2 "$mcsim" - --backend cpu --no-log <"$repo/configs/european.ini" >out 2>err
rc=$?
[ $rc -eq 64 ] || problems+=("exit $rc, expected 64 (124: a hang)")
n=$(grep -c "not standard input" err)
[ "$n" -eq 1 ] || problems+=("the error printed $n times, expected once: $(cat err)")
report "a config from standard input under mpirun: exit 64, said once (only rank 0 reads it)"

# two app contexts, each in its own folder with its own cfg.ini: rank 1's
# seed differs, so the ranks would run different jobs
mkdir -p ra rb
cp "$repo/configs/european.ini" ra/cfg.ini
sed 's/^seed = .*/seed = 7/' "$repo/configs/european.ini" >rb/cfg.ini
"${mpi[@]}" -np 1 --wdir "$PWD/ra" "$mcsim" cfg.ini "${run[@]}" --no-log : \
    -np 1 --wdir "$PWD/rb" "$mcsim" cfg.ini "${run[@]}" --no-log >out 2>err
rc=$?
[ $rc -eq 65 ] || problems+=("exit $rc, expected 65 (124: a hang): $(head -c 300 err)")
n=$(grep -c "rank 1 read another job than rank 0" err)
[ "$n" -eq 1 ] || problems+=("the error printed $n times, expected once: $(head -c 300 err)")
[ -s out ] && problems+=("a result was printed: $(head -c 200 out)")
report "ranks that read different configs: exit 65 before the run, rank 1 named once"

# one_rank_fails CODE PATTERN WHAT ARGS0... -- ARGS1...: rank 0 runs
# `mcsim ARGS0` in folder ra, rank 1 `mcsim ARGS1` in rb (each has cfg.ini);
# every rank must exit CODE before the run, one message naming rank 1 and
# the cause (PATTERN, an extended regex), no result printed, no file left.
one_rank_fails() {
    local code=$1 pattern=$2 what=$3 a0=()
    shift 3
    while [ "$1" != -- ]; do a0+=("$1"); shift; done
    shift
    rm -rf ra rb && mkdir -p ra rb
    cp "$repo/configs/european.ini" ra/cfg.ini
    cp "$repo/configs/european.ini" rb/cfg.ini
    "${mpi[@]}" -np 1 --wdir "$PWD/ra" "$mcsim" "${a0[@]}" "${run[@]}" : \
        -np 1 --wdir "$PWD/rb" "$mcsim" "$@" "${run[@]}" >out 2>err
    rc=$?
    [ $rc -eq "$code" ] || problems+=("exit $rc, expected $code (124: a hang): $(head -c 300 err)")
    n=$(grep -cE "^mcsim: rank 1[: ].*$pattern" err)
    [ "$n" -eq 1 ] || problems+=("rank 1 and the cause named $n times, expected once: $(head -c 300 err)")
    n=$(grep -c "^mcsim: " err)
    [ "$n" -eq 1 ] || problems+=("$n messages, expected one: $(head -c 400 err)")
    [ -s out ] && problems+=("a result was printed: $(head -c 200 out)")
    left=$(cd ra && ls; cd ../rb && ls)
    [ "$left" = "cfg.ini"$'\n'"cfg.ini" ] || problems+=("files left: ${left//$'\n'/ }")
    report "$what: every rank exits $code before the run; rank 1 and the cause named once"
}

one_rank_fails 66 "nosuch.ini" "a config file missing on one rank's node" \
    cfg.ini -o r.h5 -- nosuch.ini -o r.h5
one_rank_fails 64 "unknown option --bogus" "a usage error on one rank only" \
    cfg.ini -o r.h5 -- cfg.ini -o r.h5 --bogus
one_rank_fails 64 "--checkpoint and --resume do not work with MPI ranks" \
    "--checkpoint on one rank only" cfg.ini -o r.h5 -- cfg.ini -o r.h5 --checkpoint ck.h5
one_rank_fails 64 "was given another --shard than rank 0 \(--shard 1/2\)" \
    "ranks given different --shard" cfg.ini -o r.h5 --shard 1/2 -- cfg.ini -o r.h5 --shard 2/2
one_rank_fails 64 "was given another --shard than rank 0 \(no --shard\)" \
    "--shard on one rank only" cfg.ini -o r.h5 -- cfg.ini -o r.h5 --shard 2/2

want=$("$mcsim" "$repo/configs/asian.ini" "${run[@]}" --no-log | bits)
"${mpi[@]}" -np 2 "$mcsim" "$repo/configs/asian.ini" "${run[@]}" --shard 1/2 -o s1.h5 >/dev/null 2>err \
    || problems+=("shard 1/2 on 2 ranks failed: $(head -c 300 err)")
"$mcsim" "$repo/configs/asian.ini" "${run[@]}" --shard 2/2 -o s2.h5 >/dev/null
got=$("$mcsim" merge s1.h5 s2.h5 -o all.h5 -q -f json | bits)
[ -n "$want" ] && [ "$want" = "$got" ] || problems+=("merged $got, one process $want")
report "a shard computed by 2 ranks merges with one computed by 1 to the single run's bits"

finish
