#!/usr/bin/env bash
# Capture benchmark: prints figures, asserts nothing.
#
#   bench/capture-bench.sh [iterations]     (default 15 measured runs per mode, after 5 warm-up runs)
#
# Starts the simulated Pixel (1080x2400 ~1 MB screenshot, 200 KB hierarchy) and a private adb
# server, then measures in one run: the raw floor (`adb exec-out screencap -p` plus one Operator
# snapshot round trip through `adb` alone), the Java API capture, the CLI process, the MCP call,
# and the CLI's cold start (--version); medians and ratios to the floor. Everything it starts is
# stopped on exit; scratch files live in bench/out/ (git-ignored).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
iterations="${1:-15}"
[[ "$iterations" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/capture-bench.sh [iterations]" >&2; exit 2; }
command -v adb >/dev/null 2>&1 || { echo "capture-bench: adb is missing (Debian/Ubuntu: sudo apt-get install -y adb)" >&2; exit 1; }

# shellcheck source=../bin/lib/build-if-stale.sh
. "$root/bin/lib/build-if-stale.sh"
# shellcheck source=../bin/lib/simulated-phone.sh
. "$root/bin/lib/simulated-phone.sh"
build_if_stale "$root"

out="$root/bench/out"
rm -rf "$out"
mkdir -p "$out/classes" "$out/bundles"
# The MCP jar holds the api, the adapters, Jackson and the MCP SDK (client included); the
# simulator's classes add the adb server harness.
classpath="$root/entrypoint-mcp/target/androperator-mcp.jar:$root/device-simulator/target/classes"
javac -d "$out/classes" -cp "$classpath" "$root/bench/CaptureBench.java"

trap phone_stop EXIT
trap 'exit 130' INT TERM
phone_start "$out"
serial="$PHONE_SERIAL"

echo "host: $(nproc) CPUs, $(java -version 2>&1 | head -n 1), $(adb version | head -n 1)"
java -cp "$out/classes:$classpath" CaptureBench "$root" "$out" "$serial" "$iterations"
