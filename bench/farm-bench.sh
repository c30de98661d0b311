#!/usr/bin/env bash
# Farm benchmark (issue 26, item 2): N simulated phones with real phones' latencies (screencap
# 700 ms, the Operator 450 ms for each of its two commands, dumpsys/getprop/wm 50-80 ms), each with
# its own screen, on one adb server, captured all at once through one MCP server, against one phone
# alone; every bundle checked complete and its own phone's. Prints each farm run's time and its
# ratio to one phone's capture (goal <= 2.0), the server's CPU per capture and peak RSS (VmHWM);
# asserts nothing.
#
#   bench/farm-bench.sh [phones [runs]]     (default 64 phones, 5 farm runs in a row)
#
# ANDROPERATOR_JAVA_OPTS passes extra JVM options to the server (a flight recording, say);
# BENCH_MCP_JAVA_HOME runs the server on another JDK, as in capture-bench.sh (a JDK 25 maps the server's
# AOT cache, as the linux-x64 archive's runtime does). Each run also prints the CPU the adb server and
# this JVM (the simulated phones and the MCP client) spent in it: the farm's time is the host's CPU.
# BENCH_JAVA_OPTS gives this JVM options of its own (a compilation log of the simulated phones, say);
# they come after its fixed heap (below), so a different heap needs both -Xms and -Xmx.
# The printed lines are recorded as a new section of docs/benchmarks.md (BENCH_FIGURES=FILE records
# them elsewhere, BENCH_FIGURES=off nowhere), as capture-bench.sh records its own.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
phones="${1:-64}"
runs="${2:-5}"
[[ "$phones" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] \
  || { echo "usage: bench/farm-bench.sh [phones [runs]]" >&2; exit 2; }
# shellcheck source=bench-setup.sh
. "$root/bench/bench-setup.sh"
bench_prepare farm-bench
# shellcheck source=figures-markdown.sh
. "$root/bench/figures-markdown.sh"
started="$(date -u '+%Y-%m-%d %H:%M UTC')"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"

{
  echo "host: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -n 1)," \
    "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  # The simulated phones keep every log line they write (their Operators' results, about 300 KB a
  # capture each), so this JVM's heap grows all through the runs. G1 grew it by half a gigabyte in the
  # middle of one run, the kernel zeroing the new pages: that run's phones cost 42-61 ms a capture
  # against 9-34 in the other runs, and the run 2.2-2.5 times one phone (docs/benchmarks.md,
  # "Eleventh pass"). A fixed heap, touched before the phones start, keeps that cost out of the runs:
  # real phones cost the host nothing.
  # shellcheck disable=SC2086 # BENCH_JAVA_OPTS is a list of JVM options, split at spaces
  java -Xms2g -Xmx2g -XX:+AlwaysPreTouch ${BENCH_JAVA_OPTS:-} -Djava.awt.headless=true -cp "$out/classes:$classpath" FarmBench "$root" "$out" "$phones" "$runs"
} | tee "$out/farm.log"

figures="${BENCH_FIGURES:-$root/docs/benchmarks.md}"
if [[ "$figures" != off ]]; then
  {
    printf '### %s at %s: farm\n\n' "$started" "$commit"
    printf -- '- command: `%sbench/farm-bench.sh %s %s`\n' "$(bench_settings BENCH_MCP_JAVA_HOME \
      BENCH_JAVA_OPTS ANDROPERATOR_JAVA_OPTS)" "$phones" "$runs"
    printf -- '- load average at the end: %s\n\n' "$(bench_load)"
    sed 's/^/    /' "$out/farm.log"
  } > "$out/farm-figures.md"
  figures_record "$figures" "$out/farm-figures.md"
  echo "figures recorded in $figures"
fi
