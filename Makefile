# Makefile - thin wrapper around CMake for the everyday commands:
#   make run    install missing Debian packages, build, price configs/european.ini
#   make test   the same set-up, then the whole test suite (ctest)
#   make deps   only install the missing Debian packages (apt-get, via sudo if not root)
#   make test-sanitize   the suite built with AddressSanitizer + UBSan
#   make fuzz   the libFuzzer harnesses, each for FUZZ_SECONDS (default 60; tests/fuzz/)
#   make bench  the CPU benchmark against NumPy and QuantLib (bench/)
#   make install PREFIX=/usr/local   build, then install bin/mcsim, lib/mcsim/ (the
#               GPU module, when built), share/mcsim/configs, share/doc/mcsim
#   make gpu-bundle  build in build-gpu and bundle mcsim, its GPU module, test_gpu and test_gpu_math
#               with their libraries into .gpu/, compressed into .gpupack/gpu.tar.xz,
#               for a GPU machine without them (docs/gpu.md)
BUILD ?= build
GPU_BUILD ?= build-gpu
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# What building and testing need (Debian 12 names).
DEB_PACKAGES = build-essential cmake pkg-config libhdf5-dev hdf5-tools libinih-dev libssl-dev \
               libcmocka-dev python3 python3-h5py python3-pandas chromium clang \
               libopenmpi-dev openmpi-bin slurm-wlm munge
# What the benchmark's peers need.
BENCH_PACKAGES = python3-numpy quantlib-python

# The GPU backend is built when CMake finds nvcc: on the PATH or in
# /usr/local/cuda/bin (where NVIDIA's installer puts it).
NVCC ?= $(shell command -v nvcc 2>/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
CUDA_FLAGS = $(if $(NVCC),-DCMAKE_CUDA_COMPILER=$(NVCC))
BUNDLE ?= ../shared/device/bundle

.PHONY: all deps deps-bench build run test test-sanitize fuzz bench install gpu-bundle clean

all: build

deps:
	@PACKAGES="$(DEB_PACKAGES)" ./.ci/install-deps

deps-bench:
	@PACKAGES="$(BENCH_PACKAGES)" ./.ci/install-deps

build: deps
	cmake -S . -B $(BUILD) $(CUDA_FLAGS) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/mcsim configs/european.ini --backend auto

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Without the GPU backend (the CUDA runtime and ASan do not mix) and without
# MPI (the MPI test runs in the release build): this is also the test of a
# build that has neither.
test-sanitize: deps
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMCSIM_SANITIZE=ON \
	      -DMCSIM_CUDA=OFF -DMCSIM_MPI=OFF $(CMAKE_FLAGS)
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	cd $(BUILD)-sanitize && ctest --output-on-failure -j $(JOBS)

FUZZ_SECONDS ?= 60
# libFuzzer harnesses (tests/fuzz/README.md), each for FUZZ_SECONDS
fuzz: deps
	tests/fuzz/run.sh $(FUZZ_SECONDS)

bench: build deps-bench
	/usr/bin/python3 bench/bench_european.py --mcsim $(BUILD)/mcsim

# DESTDIR=... stages the tree elsewhere (packaging); cmake --install reads it.
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

gpu-bundle: deps
	cmake -S . -B $(GPU_BUILD) $(CUDA_FLAGS) $(CMAKE_FLAGS)
	cmake --build $(GPU_BUILD) -j $(JOBS)
	@test -f $(GPU_BUILD)/libmcsim_gpu.so || { echo "gpu-bundle: no GPU module built (nvcc not found?)" >&2; exit 1; }
	rm -rf .gpu
	@# the GPU machine runs mcsim, test_gpu and test_gpu_math (the other tests need no GPU);
	@# the module lands in .gpu/bin beside them, where both look for it
	$(BUNDLE) .gpu $(GPU_BUILD)/mcsim $(GPU_BUILD)/tests/test_gpu $(GPU_BUILD)/tests/test_gpu_math \
	    $(GPU_BUILD)/libmcsim_gpu.so
	@# libcurand is 127 MB, over the device tool's 64 MiB; the GPU machine's
	@# CUDA toolkit has it (tests/gpu_device_check.sh finds it there)
	rm -f .gpu/lib/libcurand*
	@# the module carries every kernel instantiation: the device tool's
	@# 64 MiB limit takes the bundle compressed
	mkdir -p .gpupack && tar -cJf .gpupack/gpu.tar.xz .gpu
	du -sh .gpu .gpupack/gpu.tar.xz

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize $(GPU_BUILD) .gpu .gpupack
