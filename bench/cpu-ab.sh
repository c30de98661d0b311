#!/usr/bin/env bash
# The same warm MCP capture's CPU in builds of several trees at once (bench/CpuAb.java), for "what
# did this change buy": each tree (this one and others, e.g. `git archive <commit>` extracted and
# built with `mvn package -DskipTests -pl entrypoint-mcp -am`) runs its own MCP server on the same
# simulated Pixel; rounds interleave them, rotating the order. Records nothing in docs/benchmarks.md.
#
#   bench/cpu-ab.sh warm rounds batch TREE...     (e.g. 40 12 10 /tmp/old .)
#   CPU_AB_PHONES=16 bench/cpu-ab.sh 3 8 1 TREE...  (the concurrent rounds: each capture is 16 phones at once)
# Each batch's bundles are emptied and set aside, and deleted when the script exits (bench/RetiredBundles.java).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 4 && "$1" =~ ^[0-9]+$ && "$2" =~ ^[1-9][0-9]*$ && "$3" =~ ^[1-9][0-9]*$ ]] \
  || { echo "usage: bench/cpu-ab.sh warm rounds batch TREE..." >&2; exit 2; }
warm="$1" rounds="$2" batch="$3"
shift 3
trees=()
for tree in "$@"; do
  [[ -f "$tree/entrypoint-mcp/target/androperator-mcp.jar" ]] || { echo "cpu-ab: $tree has no built MCP jar" >&2; exit 2; }
  trees+=("$(cd "$tree" && pwd)")
done
# shellcheck source=bench-setup.sh
. "$root/bench/bench-setup.sh"
bench_prepare cpu-ab
echo "host: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
java -cp "$out/classes:$classpath" CpuAb "$out" "$PHONE_SERIAL" "$warm" "$rounds" "$batch" "${trees[@]}"
