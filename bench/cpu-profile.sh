#!/usr/bin/env bash
# Where a warm MCP capture's CPU goes (bench/CpuProfile.java): one MCP server captures the
# simulated Pixel [warm] times unmeasured, then [measured] times while each of its threads' CPU is
# read from /proc; prints CPU per capture by thread. Records nothing in docs/benchmarks.md.
#
#   bench/cpu-profile.sh [warm [measured]]      (default 100 and 200)
#
# BENCH_MCP_JAVA_OPTS gives the server JVM options (e.g. a flight recording). BENCH_PROFILE_START
# and BENCH_PROFILE_STOP are shell commands run, with PID set to the server's, just before and
# after the measured captures: a sampling profiler attached there sees warm captures only.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
warm="${1:-100}"
measured="${2:-200}"
[[ "$warm" =~ ^[0-9]+$ && "$measured" =~ ^[1-9][0-9]*$ ]] \
  || { echo "usage: bench/cpu-profile.sh [warm [measured]]" >&2; exit 2; }
# shellcheck source=bench-setup.sh
. "$root/bench/bench-setup.sh"
bench_prepare cpu-profile
echo "host: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
java -cp "$out/classes:$classpath" CpuProfile "$root" "$out" "$PHONE_SERIAL" "$warm" "$measured"
