# Sourced by bin/demo and bench/capture-bench.sh: builds the reactor when a runnable jar or the
# simulator is missing, or when a source, resource or pom (outside bench/, which javac compiles on
# its own) is newer than the CLI jar. Offline first (a warm ~/.m2 needs no network), then online
# for a fresh machine.

build_if_stale() {
  local root="$1"
  local cli_jar="$root/entrypoint-cli/target/androperator.jar"
  local mcp_jar="$root/entrypoint-mcp/target/androperator-mcp.jar"
  local simulator_main="$root/device-simulator/target/classes/com/androperator/evidence/simulator/Main.class"
  if [ -f "$cli_jar" ] && [ -f "$mcp_jar" ] && [ -f "$simulator_main" ] \
    && [ -z "$(find "$root" \( -path '*/target' -o -path "$root/bench" \) -prune -o \( -name '*.java' -o -name 'pom.xml' \
         -o -path '*/src/main/resources/*' \) -newer "$cli_jar" -print -quit)" ]; then
    return 0
  fi
  echo "Building (mvn install -DskipTests; a first build downloads dependencies) ..." >&2
  local log
  log="$(mktemp)"
  if (cd "$root" && { mvn -q -B -o install -DskipTests >"$log" 2>&1 || mvn -q -B -ntp install -DskipTests >"$log" 2>&1; }); then
    rm -f "$log"
    return 0
  fi
  tail -n 40 "$log" >&2
  rm -f "$log"
  echo "the build failed; run (cd '$root' && mvn -B install -DskipTests) to see why" >&2
  return 1
}
