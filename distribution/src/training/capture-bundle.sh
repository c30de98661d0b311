#!/usr/bin/env bash
# Rewrites bundle/ with a fresh complete capture of profile/ (a 108x240 Pixel with a three-node
# hierarchy) through the simulated phone and a private adb server. Run it when the bundle format
# changes and `evidence verify` no longer accepts bundle/ (the distribution build then says so).
# Needs the reactor built: (cd ../../.. && mvn -q -o package -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/androperator-training.XXXXXX")"
simulator=""
port=""
cleanup() {
  [ -n "$port" ] && HOME="$work/home" adb -P "$port" kill-server >/dev/null 2>&1 || true
  [ -n "$simulator" ] && kill "$simulator" 2>/dev/null && wait "$simulator" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/home/tmp"
"$root/bin/device-simulator" --profile "$here/profile/profile.json" >"$work/simulator.out" 2>"$work/simulator.err" &
simulator=$!
for _ in $(seq 1 300); do [ -s "$work/simulator.out" ] && break; sleep 0.1; done
serial="$(sed -n 's/.*"serial":"\([^"]*\)".*/\1/p' "$work/simulator.out")"
[ -n "$serial" ] || { echo "the simulator did not start: $(cat "$work/simulator.err")" >&2; exit 1; }
port=$((20000 + RANDOM % 20000))
export HOME="$work/home" TMPDIR="$work/home/tmp" ADB_EMU=0 ANDROID_ADB_SERVER_PORT="$port"
unset ADB_SERVER_SOCKET ANDROID_SERIAL ANDROPERATOR_EVIDENCE_DIR
adb -P "$port" start-server >/dev/null 2>&1
adb -P "$port" connect "$serial" >/dev/null
for _ in $(seq 1 100); do [ "$(adb -P "$port" -s "$serial" get-state 2>/dev/null)" = device ] && break; sleep 0.1; done
java -jar "$root/entrypoint-cli/target/androperator.jar" evidence capture --device "$serial" \
  --operator-package com.androperator.operator.dev --output-dir "$work/bundle" --label "Settings observation" \
  --context-json '{"commandId":"original-command","originalVerdict":"failed"}'
# Verified as written (0700/0600); the repository copy is 0644, and the build stages it back to 0600.
java -jar "$root/entrypoint-cli/target/androperator.jar" evidence verify "$work/bundle" >/dev/null
rm -rf "$here/bundle"
mkdir "$here/bundle"
cp "$work/bundle/"* "$here/bundle/"
chmod 644 "$here/bundle/"*
