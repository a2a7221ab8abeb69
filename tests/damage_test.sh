#!/usr/bin/env bash
# damage_test.sh - whole-file damage to every kind of file mcsim reads back,
# through the commands that read them: a real shard (merge), a real
# checkpoint (--resume) and a real sweep file (validate and merge), each
# with bytes flipped at a dense sample of offsets across the whole file
# (the seal, HDF5's superblock, object headers, B-trees, heaps and data
# alike), cut short and grown. Every damaged copy must be refused with exit
# 65 and a message naming it, within 20 s (a hang fails), never a crash:
# HDF5 1.10 itself segfaulted or looped on such files before mcsim sealed
# them (issue 27). DAMAGE_STRIDE=1 flips every byte (some minutes).
# Usage: tests/damage_test.sh mcsim
. "$(dirname "$0")/lib.sh" damage "$1"
job=("$repo/configs/european.ini" --paths 100000 --backend cpu -q
     --set simulation.block_size=4096)

"$mcsim" "${job[@]}" --shard 1/1 -o shard.h5 >/dev/null || problems+=("the shard run failed")
# a checkpoint with some blocks done: a run of some seconds, stopped by SIGTERM
# (exit 75); a damaged copy taken for it would finish the run in seconds
ckjob=("$repo/configs/asian.ini" --paths 4e8 --threads 1 --backend cpu -q --no-log)
timeout --preserve-status -s TERM 1 "$mcsim" "${ckjob[@]}" --checkpoint ck.h5 >/dev/null 2>&1
rc=$?
[ $rc -eq 75 ] && [ -s ck.h5 ] || problems+=("no checkpoint from the stopped run (exit $rc)")
"$mcsim" sweep "$repo/configs/european.ini" --paths 1e3:1e4 --backend cpu --mode warm \
    --repeat 1 -o sweep.h5 -q || problems+=("the sweep failed")
report "a shard, a checkpoint and a sweep file to damage"

# the damaged copies: byte offsets spread over the whole file (a stride of
# size/300, moved along within it), each XORed with a value that changes
# from one offset to the next; cuts at 0, 1, ..., and past the seal; bytes added
/usr/bin/python3 - "${DAMAGE_STRIDE:-0}" shard.h5 ck.h5 sweep.h5 <<'PY'
import os, sys
stride_asked = int(sys.argv[1])
os.makedirs("damaged", exist_ok=True)
for name in sys.argv[2:]:
    data = open(name, "rb").read()
    stride = stride_asked or max(1, len(data) // 300)
    kind = name.split(".")[0]
    def put(tag, bytes_):
        open("damaged/%s-%s.h5" % (kind, tag), "wb").write(bytes_)
    for i, at in enumerate(range(0, len(data), stride)):
        at = min(len(data) - 1, at + (i * 7) % stride)
        copy = bytearray(data)
        copy[at] ^= 1 << (i % 8) if i % 3 else 0xff
        put("flip%06d" % at, copy)
    for cut in (0, 1, 11, 100, 511, 512, 513, 520, 1024, len(data) // 2, len(data) - 1):
        put("cut%06d" % cut, data[:cut])
    put("grown1", data + b"\0")
    put("grown4096", data + b"\xff" * 4096)
PY

# run ARGS...: exit 65 within 20 s, the file named; else a problem with why
expect_refused() {
    local file=$1
    shift
    timeout 20 "$@" >out 2>err
    local rc=$?
    if [ $rc -eq 65 ] && grep -qF "$file: refused" err; then
        return 0
    fi
    case $rc in
        124) why="hung (killed after 20 s)" ;;
        13[0-9] | 14[0-9]) why="died of signal $((rc - 128))" ;;
        *) why="exit $rc: $(head -c 300 err)" ;;
    esac
    problems+=("$file: $* -> $why")
}
count=0
for f in damaged/shard-*.h5; do
    expect_refused "$f" "$mcsim" merge "$f" -o merged.h5 -q
    count=$((count + 1))
done
[ -e merged.h5 ] && problems+=("merge wrote merged.h5 from a damaged shard")
report "merge: $count damaged copies of a shard refused (exit 65, named), none crashed or hung"

count=0
for f in damaged/ck-*.h5; do
    expect_refused "$f" "$mcsim" "${ckjob[@]}" --resume "$f"
    count=$((count + 1))
done
report "--resume: $count damaged copies of a checkpoint refused (exit 65, named), none crashed or hung"

count=0
for f in damaged/sweep-*.h5; do
    expect_refused "$f" "$mcsim" validate "$f" --profile "$repo/tests/fixtures/cpu-only.ini"
    expect_refused "$f" "$mcsim" merge "$f" -o merged.h5 -q
    count=$((count + 1))
done
[ -e merged.h5 ] && problems+=("merge wrote merged.h5 from a damaged sweep file")
report "validate and merge: $count damaged copies of a sweep file refused (exit 65, named), none crashed or hung"

# and the undamaged files still read
"$mcsim" merge shard.h5 -o merged.h5 -q >/dev/null || problems+=("merge of the shard failed")
"$mcsim" validate sweep.h5 --profile "$repo/tests/fixtures/cpu-only.ini" >/dev/null ||
    problems+=("validate of the sweep file failed")
report "the undamaged files read"

finish
