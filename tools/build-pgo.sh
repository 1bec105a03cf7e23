#!/usr/bin/env bash
# Profile-guided build of the `vidle` binary: an instrumented build runs `vidle bench` with
# each evaluation, LLVM merges the profile, and a second build uses it to lay out
# and inline the hot paths. The search is the same as the plain release build's (the bench
# node count is checked to be equal); only the speed differs.
#
#   tools/build-pgo.sh [OUT]      # OUT defaults to target/pgo/vidle
#
# Needs `llvm-profdata` matching rustc's LLVM: `rustup component add llvm-tools` provides it.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/pgo/vidle}
sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [[ ! -x $profdata ]]; then
    echo "build-pgo: $profdata not found; run 'rustup component add llvm-tools'" >&2
    exit 2
fi
# The flags of .cargo/config.toml, which RUSTFLAGS replaces.
base="-C target-cpu=native"
prof=$(mktemp -d)
trap 'rm -rf "$prof"' EXIT
tdir=target/pgo-build

echo "build-pgo: instrumented build" >&2
RUSTFLAGS="$base -Cprofile-generate=$prof" cargo build --release -q -p vidle --target-dir "$tdir/gen"
# Both evaluations: the network (the default) and the hand-crafted one (`Use NNUE false`).
"$tdir/gen/release/vidle" bench >/dev/null
"$tdir/gen/release/vidle" bench --hce >/dev/null
"$profdata" merge -o "$prof/merged.profdata" "$prof"

echo "build-pgo: optimised build" >&2
RUSTFLAGS="$base -Cprofile-use=$prof/merged.profdata -Cllvm-args=-pgo-warn-missing-function=false" \
    cargo build --release -q -p vidle --target-dir "$tdir/use"
mkdir -p "$(dirname "$out")"
cp "$tdir/use/release/vidle" "$out"

# The profile changes code layout, never the search: the node count must not move.
plain=$(cargo run --release -q -p vidle -- bench 2>&1 | tail -1 | awk '{print $1}')
pgo=$("$out" bench 2>&1 | tail -1 | awk '{print $1}')
if [[ $plain != "$pgo" ]]; then
    echo "build-pgo: bench differs: plain $plain, PGO $pgo" >&2
    exit 1
fi
echo "build-pgo: $out (bench $pgo, as the plain build)" >&2
