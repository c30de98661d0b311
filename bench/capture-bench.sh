#!/usr/bin/env bash
# Capture benchmark: prints figures, asserts nothing, and records them as a new section of
# docs/benchmarks.md (which says how to read them; BENCH_FIGURES=FILE records them elsewhere,
# BENCH_FIGURES=off nowhere).
#
#   bench/capture-bench.sh [rounds [phones]]     (default 15 measured rounds after 5 warm-up rounds, 16 phones)
#
# Starts the simulated Pixel (1080x2400 ~1 MB screenshot, 200 KB hierarchy) and a private adb
# server, prints what the host charges for a system call, a thread hand-off and a loopback TCP
# connection (bench/HostCosts.java), then measures in one run, interleaved round by round: a bare client speaking the adb
# server protocol for the same device reads (no checks, no files), the capture's phases (the real
# adapters behind timing proxies), the warm Java API capture, the warm MCP capture (one server for
# all calls; once through a minimal line client, once through the Java SDK's client, each with its
# own server), the CLI capture process, `androperator --version` and `java -version` with the
# launcher's JVM flags; medians and ratios to the bare client. Then [phones] more simulated phones,
# each with its own screen, captured through the one MCP server concurrently and serially, each
# bundle checked for its own phone's screenshot. Then start-up on Java 25 (bench/StartupBench.java):
# the CLI capture and `--version` on JDK 17 with the CDS archive and on JDK 25 with the AOT cache, the
# daemon's capture on 25, interleaved (needs a build that found a JDK 25). Everything it starts is stopped on exit; scratch
# files live in bench/out/ (git-ignored), the printed output in bench/out/run.log. BENCH_MCP_JAVA_HOME
# runs the MCP servers alone on another JDK (a JDK 25 maps the server's AOT cache, as the linux-x64
# archive's runtime does). A run of
# 30 rounds and 16 phones took about 2.5 minutes on 2 quiet CPUs and 5.5 on busy ones (load 10-20);
# fewer rounds or phones shorten it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-15}"
phones="${2:-16}"
[[ "$rounds" =~ ^[1-9][0-9]*$ && "$phones" =~ ^[1-9][0-9]*$ ]] \
  || { echo "usage: bench/capture-bench.sh [rounds [phones]]" >&2; exit 2; }
# shellcheck source=bench-setup.sh
. "$root/bench/bench-setup.sh"
bench_prepare capture-bench
# shellcheck source=figures-markdown.sh
. "$root/bench/figures-markdown.sh"
serial="$PHONE_SERIAL"

started="$(date -u '+%Y-%m-%d %H:%M UTC')"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
[[ -z "$(git -C "$root" status --porcelain --untracked-files=no -- . ':!docs/benchmarks.md' 2>/dev/null)" ]] || commit="$commit with uncommitted changes"
{
  mcp_java="${BENCH_MCP_JAVA_HOME:+$BENCH_MCP_JAVA_HOME/bin/}java"
  echo "host: $(nproc) CPUs, load $(bench_load), $(java -version 2>&1 | head -n 1), MCP servers on $("$mcp_java" -version 2>&1 | head -n 1), $(adb version | head -n 1)"
  echo "cds archives: $(cd "$root" && ls entrypoint-*/target/*.jsa 2>/dev/null | tr '\n' ' ')"
  # What this host charges for a system call, a thread hand-off and a loopback connection: the server
  # pays them many times a capture and the floor hardly at all (bench/HostCosts.java). On the MCP
  # servers' JDK, whose thread hand-offs it stands for.
  "$mcp_java" -cp "$out/classes" HostCosts
  java -Djava.awt.headless=true -cp "$out/classes:$classpath" ScreenScanBench
  java -Djava.awt.headless=true -cp "$out/classes:$classpath" CaptureBench "$root" "$out" "$serial" "$rounds" "$phones"
  # Start-up on Java 25 (JDK 17 + CDS against JDK 25 + the AOT cache the build trained): StartupBench.java.
  java -Djava.awt.headless=true -cp "$out/classes:$classpath" StartupBench "$root" "$out" "$serial" "$rounds"
} | tee "$out/run.log"

figures="${BENCH_FIGURES:-$root/docs/benchmarks.md}"
if [[ "$figures" != off ]]; then
  figures_section "$out/run.log" "$started" \
    "$(bench_settings BENCH_MCP_JAVA_HOME BENCH_MCP_JAVA_OPTS BENCH_JIT_WARMUP BENCH_PHONE_ROUNDS)bench/capture-bench.sh $rounds $phones" "$commit" "$(bench_load)" \
    > "$out/figures.md"
  figures_record "$figures" "$out/figures.md"
  echo "figures recorded in $figures"
fi
