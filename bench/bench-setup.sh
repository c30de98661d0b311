# Sourced by the benchmarks (capture-bench.sh, mcp-memory-bench.sh): checks adb, builds what is
# stale, compiles bench/*.java into bench/out/classes, makes the launchers' class-data-sharing
# archives, and starts the simulated Pixel on a private adb server (stopped on exit). Sets out and
# classpath; $1 names the benchmark in messages.

bench_prepare() {
  command -v adb >/dev/null 2>&1 || { echo "$1: adb is missing (Debian/Ubuntu: sudo apt-get install -y adb)" >&2; exit 1; }

  # shellcheck source=../bin/lib/build-if-stale.sh
  . "$root/bin/lib/build-if-stale.sh"
  # shellcheck source=../bin/lib/simulated-phone.sh
  . "$root/bin/lib/simulated-phone.sh"
  build_if_stale "$root"

  out="$root/bench/out"
  rm -rf "$out"
  mkdir -p "$out/classes" "$out/bundles"
  # The MCP jar holds the api, the adapters, Jackson and the MCP SDK (client included); the
  # simulator's classes add the simulated phones and the adb server harness.
  classpath="$root/entrypoint-mcp/target/androperator-mcp.jar:$root/device-simulator/target/classes"
  javac -d "$out/classes" -cp "$classpath" "$root"/bench/*.java

  # The launchers make their class-data-sharing archives in the background on first use: make them
  # now, so that no measured run pays for, or competes with, a dump.
  for tool in androperator androperator-mcp; do
    "$root/bin/$tool" --version >/dev/null 2>&1 </dev/null || true
  done
  for _ in $(seq 1 600); do
    compgen -G "$root/entrypoint-*/target/*.jsa.lock" >/dev/null || break
    sleep 0.1
  done

  # On exit, whatever ended the run: the phone, and the bundles the run set aside instead of
  # deleting them while it measured (bench/RetiredBundles.java).
  trap 'rm -rf "$out/retired"; phone_stop' EXIT
  trap 'exit 130' INT TERM
  phone_start "$out"
}
