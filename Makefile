# Makefile - thin wrapper around CMake for the everyday commands:
#   make run    install the missing Debian packages that building needs, build,
#               price configs/european.ini
#   make test   the same with the test tools added, then the whole test suite (ctest,
#               which runs the Python package's pytest suite too: its entry `python`)
#   make test-python  only that: a venv in $(BUILD)/python-venv, pip install ./python
#               (with this build's libmcsim), pytest python/tests (docs/python.md)
#   make deps   only install the missing packages for building (apt-get, via sudo
#               if not root); make deps-test: those for testing too
#   NODEPS=1    (e.g. make run NODEPS=1) installs nothing: with the packages
#               there already, or another system's equivalents (README.md)
#   make test-sanitize   the suite built with AddressSanitizer + UBSan
#   make fuzz   the libFuzzer harnesses, each for FUZZ_SECONDS (default 60; tests/fuzz/)
#   make bench  the CPU benchmark against NumPy and QuantLib (bench/)
#   make install PREFIX=/usr/local   build, then install bin/mcsim, lib/mcsim/ (the
#               GPU module, when built), share/mcsim/configs, share/doc/mcsim,
#               the man page (when help2man is there) and the bash completion
#   make gpu-bundle  build in build-gpu and bundle mcsim, its GPU module, test_gpu and test_gpu_math
#               with their libraries (libmcsim.so among them) into .gpu/, compressed into .gpupack/gpu.tar.xz,
#               for a GPU machine without them (docs/gpu.md)
BUILD ?= build
GPU_BUILD ?= build-gpu
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# What building and running mcsim need (Debian 12 names): a C compiler with
# OpenMP, CMake, pkg-config, HDF5, inih and libcrypto (SHA-256 for the seal of
# the files mcsim writes); hwloc counts the cores for `mcsim calibrate`
# (optional: CMakeLists.txt).
RUN_PACKAGES = build-essential cmake pkg-config libhdf5-dev libinih-dev libssl-dev libhwloc-dev
# What the test suite adds: cmocka (unit tests), h5dump, h5py and pandas (the
# logs read back), Chromium (the report page), clang (fuzzers), Open MPI,
# Slurm and munge (the cluster tests), help2man (the man page); NumPy,
# pytest, matplotlib, venv, pip, setuptools and wheel (the Python package:
# pip install ./python in a venv, its tests, its example's plot).
TEST_PACKAGES = libcmocka-dev hdf5-tools python3 python3-h5py python3-pandas chromium clang \
                libopenmpi-dev openmpi-bin slurm-wlm munge help2man \
                python3-numpy python3-pytest python3-matplotlib python3-venv python3-pip \
                python3-setuptools python3-wheel
# What the benchmark's peers need.
BENCH_PACKAGES = python3-numpy quantlib-python

# NODEPS=1: the targets below do not depend on the deps targets at all
ifeq ($(NODEPS),)
DEPS = deps
TEST_DEPS = deps-test
BENCH_DEPS = deps-bench
endif

# The GPU backend is built when CMake finds nvcc: on the PATH or in
# /usr/local/cuda/bin (where NVIDIA's installer puts it).
NVCC ?= $(shell command -v nvcc 2>/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
CUDA_FLAGS = $(if $(NVCC),-DCMAKE_CUDA_COMPILER=$(NVCC))
BUNDLE ?= ../shared/device/bundle

.PHONY: all deps deps-test deps-bench build run test test-python test-sanitize fuzz bench install gpu-bundle clean

all: build

deps:
	@PACKAGES="$(RUN_PACKAGES)" ./.ci/install-deps

deps-test:
	@PACKAGES="$(RUN_PACKAGES) $(TEST_PACKAGES)" ./.ci/install-deps

deps-bench:
	@PACKAGES="$(BENCH_PACKAGES)" ./.ci/install-deps

# configure and build $(BUILD); $(1): extra CMake flags
define cmake_build
	cmake -S . -B $(BUILD) $(CUDA_FLAGS) $(1) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)
endef

# the tests too when cmocka is there (CMakeLists.txt)
build: $(DEPS)
	$(call cmake_build)

run: build
	./$(BUILD)/mcsim configs/european.ini --backend auto

test: $(TEST_DEPS)
	$(call cmake_build,-DBUILD_TESTING=ON)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# the Python package alone (tests/python_test.sh, ctest's entry `python`)
test-python: $(TEST_DEPS)
	$(call cmake_build,-DBUILD_TESTING=ON)
	cd $(BUILD) && ctest -R '^python$$' --output-on-failure

# Without the GPU backend (the CUDA runtime and ASan do not mix) and without
# MPI (the MPI test runs in the release build): this is also the test of a
# build that has neither. The CPU kernels for x86-64 v1 and v4 only: the
# kernel's portable and AVX-512 sources (v3 compiles the portable ones again);
# the statistical tests on fewer paths (MCS_TEST_LIGHT, tests/CMakeLists.txt).
# -g1: line tables only, all a sanitizer report's stack needs (file:line), and
# a kernel file compiles in 4.0 s instead of 5.7 (-g; docs/reliability.md).
test-sanitize: $(TEST_DEPS)
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMCSIM_SANITIZE=ON \
	      "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
	      -DMCSIM_CUDA=OFF -DMCSIM_MPI=OFF -DBUILD_TESTING=ON "-DMCSIM_CPU_ISAS=v1;v4" $(CMAKE_FLAGS)
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	cd $(BUILD)-sanitize && ctest --output-on-failure -j $(JOBS)

FUZZ_SECONDS ?= 60
# libFuzzer harnesses (tests/fuzz/README.md), each for FUZZ_SECONDS
fuzz: $(TEST_DEPS)
	tests/fuzz/run.sh $(FUZZ_SECONDS)

bench: build $(BENCH_DEPS)
	/usr/bin/python3 bench/bench_european.py --mcsim $(BUILD)/mcsim

# DESTDIR=... stages the tree elsewhere (packaging); cmake --install reads it.
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

gpu-bundle: $(TEST_DEPS)
	cmake -S . -B $(GPU_BUILD) $(CUDA_FLAGS) -DBUILD_TESTING=ON $(CMAKE_FLAGS)
	cmake --build $(GPU_BUILD) -j $(JOBS)
	@test -f $(GPU_BUILD)/libmcsim_gpu.so || { echo "gpu-bundle: no GPU module built (nvcc not found?)" >&2; exit 1; }
	rm -rf .gpu
	@# the GPU machine runs mcsim, test_gpu and test_gpu_math (the other tests need no GPU);
	@# the module lands in .gpu/bin beside them, where both look for it
	$(BUNDLE) .gpu $(GPU_BUILD)/mcsim $(GPU_BUILD)/tests/test_gpu $(GPU_BUILD)/tests/test_gpu_math \
	    $(GPU_BUILD)/libmcsim_gpu.so
	@# libmcsim.so.0 (in lib/) looks for the module beside itself: a link there lets a
	@# program or Python process that loads the library find it too
	ln -s ../bin/libmcsim_gpu.so .gpu/lib/libmcsim_gpu.so
	@# libcurand is 127 MB, over the device tool's 64 MiB; the GPU machine's
	@# CUDA toolkit has it (tests/gpu_device_check.sh finds it there)
	rm -f .gpu/lib/libcurand*
	@# the module carries every kernel instantiation: the device tool's
	@# 64 MiB limit takes the bundle compressed
	mkdir -p .gpupack && tar -cJf .gpupack/gpu.tar.xz .gpu
	du -sh .gpu .gpupack/gpu.tar.xz

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize $(GPU_BUILD) .gpu .gpupack
