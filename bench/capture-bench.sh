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

cli_jar="$root/entrypoint-cli/target/androperator.jar"
mcp_jar="$root/entrypoint-mcp/target/androperator-mcp.jar"
simulator_classes="$root/device-simulator/target/classes"
if [ ! -f "$cli_jar" ] || [ ! -f "$mcp_jar" ] || [ ! -d "$simulator_classes" ]; then
  echo "capture-bench: building (mvn install -DskipTests)" >&2
  (cd "$root" && { mvn -q -B -o install -DskipTests 2>/dev/null || mvn -q -B -ntp install -DskipTests; })
fi

out="$root/bench/out"
rm -rf "$out"
mkdir -p "$out/classes" "$out/adb-home/tmp" "$out/bundles"
# The MCP jar holds the api, the adapters, Jackson and the MCP SDK (client included); the
# simulator's classes add the adb server harness.
classpath="$mcp_jar:$simulator_classes"
javac -d "$out/classes" -cp "$classpath" "$root/bench/CaptureBench.java"

simulator_pid=""
adb_port=""
cleanup() {
  if [ -n "$simulator_pid" ]; then kill "$simulator_pid" 2>/dev/null || true; wait "$simulator_pid" 2>/dev/null || true; fi
  if [ -n "$adb_port" ]; then HOME="$out/adb-home" adb -P "$adb_port" kill-server >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"$root/bin/device-simulator" --profile classpath:profiles/pixel/profile.json >"$out/simulator.out" 2>"$out/simulator.err" &
simulator_pid=$!
for _ in $(seq 1 300); do [ -s "$out/simulator.out" ] && break; sleep 0.1; done
serial="$(sed -n 's/.*"serial":"\([^"]*\)".*/\1/p' "$out/simulator.out")"
[ -n "$serial" ] || { echo "capture-bench: the simulator did not start: $(cat "$out/simulator.err")" >&2; exit 1; }

for _ in $(seq 1 20); do
  candidate=$((20000 + RANDOM % 20000))
  (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null || { adb_port=$candidate; break; }
done
export HOME="$out/adb-home" TMPDIR="$out/adb-home/tmp" ADB_EMU=0 ANDROID_ADB_SERVER_PORT="$adb_port"
unset ADB_SERVER_SOCKET ANDROID_SERIAL ANDROPERATOR_EVIDENCE_DIR
adb -P "$adb_port" start-server >/dev/null 2>&1
adb -P "$adb_port" connect "$serial" >/dev/null
for _ in $(seq 1 100); do
  [ "$(adb -P "$adb_port" -s "$serial" get-state 2>/dev/null)" = "device" ] && break
  sleep 0.1
done

echo "host: $(nproc) CPUs, $(java -version 2>&1 | head -n 1), $(adb version | head -n 1)"
java -cp "$out/classes:$classpath" CaptureBench "$root" "$out" "$serial" "$iterations"
