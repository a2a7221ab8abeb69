# Makefile - thin wrapper around CMake for the everyday commands:
#   make run    install missing Debian packages, build, price configs/european.ini
#   make test   the same set-up, then the whole test suite (ctest)
#   make deps   only install the missing Debian packages (apt-get, via sudo if not root)
#   make test-sanitize   the suite built with AddressSanitizer + UBSan
#   make bench  the CPU benchmark against NumPy and QuantLib (bench/)
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# What building and testing need (Debian 12 names).
DEB_PACKAGES = build-essential cmake pkg-config libhdf5-dev hdf5-tools libinih-dev \
               libcmocka-dev python3 python3-h5py
# What the benchmark's peers need.
BENCH_PACKAGES = python3-numpy quantlib-python

.PHONY: all deps deps-bench build run test test-sanitize bench clean

all: build

deps:
	@PACKAGES="$(DEB_PACKAGES)" ./.ci/install-deps

deps-bench:
	@PACKAGES="$(BENCH_PACKAGES)" ./.ci/install-deps

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/mcsim configs/european.ini --backend auto

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMCSIM_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	cd $(BUILD)-sanitize && ctest --output-on-failure -j $(JOBS)

bench: build deps-bench
	/usr/bin/python3 bench/bench_european.py --mcsim $(BUILD)/mcsim

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize
