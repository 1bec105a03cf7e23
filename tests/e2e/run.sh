#!/usr/bin/env bash
# Builds vidle (or takes VIDLE_BIN), serves it on a free port, runs the browser tests against it, stops the server.
# Needs /usr/bin/chromium and `npm ci` done in tests/e2e (.ci/e2e does both).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
# VIDLE_BIN: a binary already built (CI passes the one `cargo install` made); else the dev build.
if [ -n "${VIDLE_BIN:-}" ]; then
  bin="$VIDLE_BIN"
else
  cargo build -p vidle
  bin="${CARGO_TARGET_DIR:-target}/debug/vidle"
fi
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
log="$(mktemp)"
# A data directory of its own: the games the tests play never reach the user's store.
data="$(mktemp -d)"
# The tests load pages and make games faster than players, all from one address: no quotas.
XDG_DATA_HOME="$data" "$bin" serve --port "$port" --games-per-minute 0 --requests-per-minute 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$log" "$data"' EXIT
for _ in $(seq 1 100); do
  if grep -q "serving on" "$log"; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$log"; exit 1; fi
  sleep 0.1
done
echo "vidle serve on port $port"
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
VIDLE_URL="http://127.0.0.1:$port/" node --test --test-concurrency=1 play.test.mjs
