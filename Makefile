# OpenBench's build convention (https://github.com/AndyGrant/OpenBench): a worker runs
# `make EXE=NAME` in the repository root and expects the engine, its network built in, at ./NAME;
# it then checks `./NAME bench`, whose last line is `N nodes M nps`. Everything else is cargo:
# see README.md.

EXE ?= vidle
ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
endif

.PHONY: all clean

all:
	cargo build --release -p vidle
	cp target/release/vidle$(SUFFIX) $(EXE)$(SUFFIX)

clean:
	cargo clean
