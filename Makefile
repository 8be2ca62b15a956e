# The two commands: `make test` (install deps, configure, build, run every test) and
# `make gate` (the main job). Both install missing Debian packages themselves.
PRESET ?= default
BUILD_DIR := build/$(PRESET)

.PHONY: deps configure build test asan-corruption golden gate example-report fuzz clean

deps:
	tools/install-deps

configure: deps
	cmake --preset $(PRESET)

build: configure
	cmake --build --preset $(PRESET)

test: build
	ctest --preset $(PRESET)
	$(MAKE) asan-corruption

# The snapshot corruption test under ASan + UBSan (issue 5's acceptance): in build/asan only its
# own small target is built, so CI pays for the engine once more, not for the whole tree.
asan-corruption: deps
	cmake --preset asan
	cmake --build --preset asan --target corruption_test
	ctest --preset asan -R '^Corruption'

# The fuzz targets (fuzz/, issue 18 item 1) under libFuzzer + ASan + UBSan, FUZZ_SECONDS each, one
# after the other, on scratch copies of the committed corpus (tools/run-fuzz). Builds only the
# fuzz targets and what they link, with clang 14, in build/fuzz; tools/install-deps fuzz adds it.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= snapshot log scenario counterexample campaign gate_record json_forms
fuzz:
	tools/install-deps fuzz
	cmake --preset fuzz
	cmake --build --preset fuzz
	tools/run-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Rewrites tests/golden/*.json from the engine as it is now; review `git diff tests/golden` after.
golden: build
	DUNE_UPDATE_GOLDEN=1 $(BUILD_DIR)/tests/engine/engine_test --gtest_filter='*GoldenViewTest.*'

# The main job: the Nexus family gate at its default budget (every family; the implemented ones
# play 240 games each, about 5 minutes on 2 cores), the report set in reports/out/, and the gate
# record the engine's family registry is built from (model/nexus_gate_record.json).
GATE_ARGS ?= --all --seed 1
gate: build
	$(BUILD_DIR)/tools/dunecheck gate $(GATE_ARGS) --out reports/out --record model/nexus_gate_record.json

# The committed example report set and the record that cites it: the same campaign as `make gate`,
# written to reports/example/, and its oracle coverage table copied into README.md (commit all
# three). The gate's own exit status is kept.
example-report: build
	$(BUILD_DIR)/tools/dunecheck gate $(GATE_ARGS) --out reports/example --record model/nexus_gate_record.json; \
	  status=$$?; tools/update-readme-oracles && exit $$status

clean:
	rm -rf build
