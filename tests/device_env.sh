# device_env.sh - sourced by the scripts that run on the device machine
# (tests/gpu_device_check.sh, tests/python_device_check.sh,
# bench/scaling_gpus.sh, bench/validate_split.sh): libcurand is left out of
# the bundle (make gpu-bundle), so the machine's own goes on LD_LIBRARY_PATH
# when the loader does not find it.
if ! ldconfig -p 2>/dev/null | grep -q 'libcurand.so.10 '; then
    mcs_curand=$(find /usr/local /opt /usr/lib -name 'libcurand.so.10*' 2>/dev/null | head -1)
    [ -n "$mcs_curand" ] &&
        export LD_LIBRARY_PATH=$(dirname "$mcs_curand")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
