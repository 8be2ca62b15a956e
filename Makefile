# The two commands: `make test` (install deps, configure, build, run every test) and
# `make gate` (the main job). Both install missing Debian packages themselves.
PRESET ?= default
BUILD_DIR := build/$(PRESET)

.PHONY: deps configure build test gate clean

deps:
	tools/install-deps

configure: deps
	cmake --preset $(PRESET)

build: configure
	cmake --build --preset $(PRESET)

test: build
	ctest --preset $(PRESET)

# The main job. Until `dunecheck gate` exists (issue "The gate"), it prints the catalogue census.
gate: build
	$(BUILD_DIR)/tools/dunecheck catalogue

clean:
	rm -rf build
