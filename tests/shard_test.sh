#!/usr/bin/env bash
# shard_test.sh - job arrays: `mcsim CONFIG --shard i/n` then `mcsim merge`
# gives the single run's price, std error and every output bit for bit
# (a European, an Asian, a barrier; shares of unequal and empty size), and
# merge refuses a missing, a duplicated, an overlapping and a foreign shard
# (exit 65, naming it, no output file); sweep tasks merge into every size
# once, and an incomplete or mixed set of tasks is refused.
# Usage: tests/shard_test.sh mcsim
. "$(dirname "$0")/lib.sh" shard "$1"
run=(--backend cpu -q --set simulation.block_size=4096)

for cfg in european asian barrier; do
    for n in 1 3 7; do
        want=$("$mcsim" "$repo/configs/$cfg.ini" --paths 100000 "${run[@]}" -f json --no-log | bits)
        rm -f shard-*.h5
        for i in $(seq 1 "$n"); do
            "$mcsim" "$repo/configs/$cfg.ini" --paths 100000 "${run[@]}" --shard "$i/$n" \
                -o "shard-$i.h5" >/dev/null || problems+=("shard $i/$n failed")
        done
        got=$("$mcsim" merge shard-*.h5 -o all.h5 -f json -q | bits)
        [ -n "$want" ] && [ "$want" = "$got" ] || problems+=("single $want, merged $got")
        h5dump -a /result/price all.h5 >/dev/null 2>&1 || problems+=("all.h5 is not a run log")
        report "$cfg: $n shards merged give the single run's bits"
        rm -f all.h5
    done
done

# 25 blocks in 40 shards: 15 shards hold no block
want=$("$mcsim" "$repo/configs/european.ini" --paths 100000 "${run[@]}" -f json --no-log | bits)
rm -f shard-*.h5
for i in $(seq 1 40); do
    "$mcsim" "$repo/configs/european.ini" --paths 100000 "${run[@]}" --shard "$i/40" \
        -o "shard-$i.h5" >/dev/null || problems+=("shard $i/40 failed")
done
got=$("$mcsim" merge shard-*.h5 -o all.h5 -f json -q | bits)
[ -n "$want" ] && [ "$want" = "$got" ] || problems+=("single $want, merged $got")
report "more shards than blocks (empty shards) merge to the single run's bits"
rm -f shard-*.h5 all.h5

for i in 1 2 3; do
    "$mcsim" "$repo/configs/european.ini" --paths 100000 "${run[@]}" --shard "$i/3" -o "s$i.h5" >/dev/null
done
"$mcsim" "$repo/configs/european.ini" --paths 100000 "${run[@]}" --shard 1/2 -o half.h5 >/dev/null
"$mcsim" "$repo/configs/european.ini" --paths 100000 "${run[@]}" --seed 7 --shard 3/3 -o seed7.h5 >/dev/null
refused() { # NAME WORD SHARD...: merge exits 65 naming WORD, writes nothing
    local name=$1 word=$2
    shift 2
    "$mcsim" merge "$@" -o out.h5 >out 2>err
    local rc=$?
    [ $rc -eq 65 ] || problems+=("exit $rc, expected 65")
    grep -qF -- "$word" err || problems+=("stderr lacks '$word': $(cat err)")
    ls out.h5* >/dev/null 2>&1 && problems+=("out.h5 written")
    report "merge refuses $name"
}
refused "a missing shard" "shard 3/3 is missing" s1.h5 s2.h5
refused "a duplicated shard" "shard 2/3 is given twice" s1.h5 s2.h5 s2.h5 s3.h5
refused "an overlapping shard (another split)" "split in two ways" s1.h5 half.h5 s3.h5
refused "a foreign shard (another seed)" "seed = 7" s1.h5 s2.h5 seed7.h5
"$mcsim" merge s1.h5 s2.h5 s3.h5 >out 2>err
rc=$?
[ $rc -eq 64 ] || problems+=("merge without -o: exit $rc, expected 64")
report "merge without -o: exit 64"
"$mcsim" "$repo/configs/european.ini" --shard 1/3 --no-log >out 2>err
rc=$?
[ $rc -eq 64 ] || problems+=("--shard with --no-log: exit $rc, expected 64")
report "--shard with --no-log: exit 64"

# a damaged shard: one bit of its config text flipped (strike = 100 read as
# strike = 101), found by the file's seal before HDF5 reads anything
"$mcsim" "$repo/configs/european.ini" --paths 100000 "${run[@]}" --shard 1/1 -o one.h5 >/dev/null
/usr/bin/python3 - one.h5 flipped.h5 <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = data.index(b"strike = 100") + len("strike = 10")
data[at] ^= 1  # '0' -> '1'
open(sys.argv[2], "wb").write(data)
PY
refused "a shard with a bit of its config flipped" "flipped.h5: refused as a shard file: checksum mismatch" flipped.h5
head -c 5000 one.h5 >cut.h5
refused "a shard cut short" "cut.h5: refused as a shard file: length mismatch" cut.h5

# forged rows: a row changed, its checksum and the file's seal made to match
# (tests/h5seal.py forge); each against what the job implies
if /usr/bin/python3 -c "import h5py" 2>/dev/null; then
    for forgery in "n 65537:65537 paths in blocks 0 to 15, which hold 65536" \
                   "mean0 nan:the mean of output 0 is nan" \
                   "cm0 -1:the sum of squares of output 0 is -1"; do
        cp one.h5 forged.h5
        /usr/bin/python3 "$repo/tests/h5seal.py" forge forged.h5 shard 0 ${forgery%%:*} ||
            problems+=("cannot forge $forgery")
        refused "a forged row (${forgery%%:*}, its checksum and seal made to match)" \
            "forged.h5: row 0 of /shard/nodes is not what a run of its job writes: ${forgery#*:}" \
            forged.h5
    done
else
    echo "ok - # SKIP forged rows: no python3 with h5py here"
fi

# swept job arrays: mcsim sweep --task i --tasks 2, then merge joins the rows
for i in 1 2; do
    "$mcsim" sweep "$repo/configs/european.ini" --paths 1e3:1e6 --backend cpu --mode warm \
        --repeat 1 --task $i --tasks 2 -o sw$i.h5 -q || problems+=("sweep task $i failed")
done
"$mcsim" merge sw1.h5 sw2.h5 -o swall.h5 -q || problems+=("merge of sweep files failed")
/usr/bin/python3 -c '
import h5py, sys
p = sorted(int(x) for x in h5py.File("swall.h5")["runs"]["paths"])
sys.exit(0 if p == [1000, 10000, 100000, 1000000] else "merged sizes %r" % p)' || problems+=("merged sweep rows")
"$mcsim" merge sw1.h5 sw1.h5 -o twice.h5 >out 2>err
[ $? -eq 65 ] && grep -q "task 1 of 2 is given twice: sw1.h5 and sw1.h5" err ||
    problems+=("a sweep task given twice was not refused: $(cat err)")
"$mcsim" sweep "$repo/configs/european.ini" --paths 1e3:1e6 --backend cpu --mode warm \
    --repeat 1 --task 3 --tasks 3 -o sw3of3.h5 -q || problems+=("sweep task 3 of 3 failed")
"$mcsim" merge sw3of3.h5 -o part.h5 >out 2>err
[ $? -eq 65 ] && grep -q "tasks 1, 2 of 3 missing" err && [ ! -e part.h5 ] ||
    problems+=("a merge missing tasks 1 and 2 of 3 was not refused: $(cat err)")
"$mcsim" merge sw1.h5 sw3of3.h5 -o mixed.h5 >out 2>err
[ $? -eq 65 ] && grep -q "sw3of3.h5 is task 3 of 3 but sw1.h5 is task 1 of 2" err ||
    problems+=("tasks of two splits were not refused: $(cat err)")
"$mcsim" merge swall.h5 sw1.h5 -o whole.h5 >out 2>err
[ $? -eq 65 ] && grep -q "sw1.h5 is task 1 of 2 but swall.h5 is a whole sweep" err ||
    problems+=("a whole sweep merged with a task was not refused: $(cat err)")
report "sweep --task i --tasks 2 in two runs, merged: every size once; a task twice, a missing task, two splits and a whole sweep with a task refused (65)"

finish
