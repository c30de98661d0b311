#!/usr/bin/env bash
# Trains androperator's ahead-of-time caches (JEP 483 with JEP 514's one-step -XX:AOTCacheOutput) on
# what a one-shot command spends its start-up on, with bin/androperator's JVM flags: CACHE on one
# complete `evidence capture` of a simulated phone through a private real adb server
# (bin/lib/simulated-phone.sh), and CACHE's -version sibling on `--version`. A capture that fails
# early (no device) trains a cache that saves nothing against the class-data-sharing archive, so
# the phone is real adb's. One cache per command: a JVM loads every class of its cache at start
# (launcher_aot in bin/lib/launcher.sh). AotCaches runs it at build time:
#
#   aot-train.sh WORK JAVA JAR CACHE [JAVA JAR CACHE ...]
#
# Each JAVA (a JDK 25+) runs JAR once per command and writes CACHE and CACHE-version.aot (CACHE's
# name without .aot, then -version.aot); both the JVM and the jar's path, size and time must be
# those of the later runs. Exits 3 when adb is missing or the simulated phone does not start (the
# build then makes no cache and says so), 1 when a training command does not succeed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
work="$1"
shift
command -v adb >/dev/null 2>&1 || { echo "adb is not on PATH: no simulated phone to train on" >&2; exit 3; }
mkdir -p "$work"
# shellcheck source=../../../bin/lib/simulated-phone.sh
. "$root/bin/lib/simulated-phone.sh"
trap phone_stop EXIT
# A loaded build machine can take longer to start the simulator than phone_start waits: once more.
if ! phone_start "$work" && ! { phone_stop; phone_start "$work"; }; then
  echo "the simulated phone did not start: no phone to train on" >&2
  exit 3
fi
# bin/androperator's flags (the client compiler only, later, and the serial collector), and no
# training data: its method profiles serve the server compiler only, and a JVM that maps them replays
# the training run's compilations at start, about 340 methods more for a command that never calls
# them (8% of a capture's CPU). The flag is diagnostic; a JVM that no longer knows it records them.
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:CompileThresholdScaling=3
  -XX:+UnlockDiagnosticVMOptions -XX:+IgnoreUnrecognizedVMOptions -XX:-AOTRecordTraining)
while [ "$#" -ge 3 ]; do
  java="$1" jar="$2" cache="$3"
  shift 3
  bundle="$work/bundle-${cache##*/}"
  rm -rf "$bundle" "$cache"
  "$java" "${flags[@]}" -XX:AOTCacheOutput="$cache" -jar "$jar" \
    evidence capture --device "$PHONE_SERIAL" --operator-package com.androperator.operator.dev \
    --output-dir "$bundle" --label training >"$work/capture.out" 2>"$work/capture.err" || true
  if ! grep -q '"status":"complete"' "$work/capture.out" || [ ! -s "$cache" ]; then
    echo "the training capture with $java did not complete or wrote no $cache: $(head -c 2000 "$work/capture.out")" \
      "$(tail -c 2000 "$work/capture.err")" >&2
    exit 1
  fi
  version="${cache%.aot}-version.aot"
  rm -f "$version"
  if ! "$java" "${flags[@]}" -XX:AOTCacheOutput="$version" -jar "$jar" --version \
      >"$work/version.out" 2>"$work/version.err" || [ ! -s "$version" ]; then
    echo "the training --version with $java failed or wrote no $version: $(head -c 2000 "$work/version.out")" \
      "$(tail -c 2000 "$work/version.err")" >&2
    exit 1
  fi
done
