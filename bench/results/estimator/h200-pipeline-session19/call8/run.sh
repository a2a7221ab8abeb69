#!/bin/bash
# H200, session 19, call 8: the GPU checks of HEAD (tests/gpu_device_check.sh: test_gpu,
# test_gpu_math, compute-sanitizer, command-line runs to 1e12 paths), the Asian's new
# fixing test among them.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
OUT=$OUT timeout 200 bash tests/gpu_device_check.sh .gpu > $OUT/stdout.txt 2>&1; echo "rc=$?"
grep -E "FAILED|PASSED|ERROR SUMMARY|result" $OUT/gpu_check.log | tail -12
