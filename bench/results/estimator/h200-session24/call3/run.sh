#!/bin/bash
# H200, session 24, call 3: every GPU check that needs a GPU (tests/gpu_device_check.sh: test_gpu,
# test_gpu_math, compute-sanitizer memcheck, CLI 1 to 1e12 paths) on the bundle of 3b99d16.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
timeout 540 tests/gpu_device_check.sh .gpu > $OUT/check.out 2>&1; echo "gpu_device_check rc=$?"
cp /tmp/gpu_check.log $OUT/ 2>/dev/null
grep -E '^===|FAILED|PASSED|ERROR SUMMARY|OK|rc=' $OUT/gpu_check.log | grep -v '^\[       OK' | head -40
tail -5 $OUT/check.out
echo "t=$(( $(date +%s) - T0 ))"
