#!/usr/bin/env bash
# MCP memory benchmark (issue 27, item 6): prints the MCP server's RSS idle, at the peak of a burst
# of captures and after it; asserts nothing.
#
#   bench/mcp-memory-bench.sh [captures [in-flight [phones]]]   (default 200 captures, 64 at once, 16 phones)
#
# ANDROPERATOR_JAVA_OPTS passes extra JVM options to the server, to compare settings.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
captures="${1:-200}"
inflight="${2:-64}"
phones="${3:-16}"
[[ "$captures" =~ ^[1-9][0-9]*$ && "$inflight" =~ ^[1-9][0-9]*$ && "$phones" =~ ^[1-9][0-9]*$ ]] \
  || { echo "usage: bench/mcp-memory-bench.sh [captures [in-flight [phones]]]" >&2; exit 2; }
# shellcheck source=bench-setup.sh
. "$root/bench/bench-setup.sh"
bench_prepare mcp-memory-bench

echo "host: $(nproc) CPUs, $(java -version 2>&1 | head -n 1); server JVM options: ${ANDROPERATOR_JAVA_OPTS:-none beyond the launcher defaults}"
java -Djava.awt.headless=true -cp "$out/classes:$classpath" McpMemoryBench "$root" "$out" "$captures" "$inflight" "$phones"
