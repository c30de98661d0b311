# Trains androperator's ahead-of-time caches (JEP 483 with JEP 514's one-step -XX:AOTCacheOutput) on
# what each start spends its time on, with its launcher's JVM flags, one cache per entry point: a
# JVM maps and loads every class of its cache at start (launcher_aot in bin/lib/launcher.sh).
#   androperator.aot           one complete `evidence capture` of a simulated phone through a private
#                              real adb server (bin/lib/simulated-phone.sh): a capture that fails early
#                              (no device) trains a cache that saves nothing against the
#                              class-data-sharing archive, so the phone is real adb's
#   androperator-version.aot   `--version`
#   androperator-help.aot      `--help`
#   androperator-verify.aot    `evidence verify` of the capture's bundle, with verify's own flags
#   androperator-view.aot      `evidence view` of that bundle
#   androperator-mcp.aot       the MCP server's initialize and tools/list (mcp-session.jsonl's lines),
#                              then 600 evidence_capture calls of the simulated phone, one after
#                              another, with the method profiles a long-lived server wants (below)
# AotCaches runs it at build time:
#
#   aot-train.sh WORK JAVA CLI_JAR MCP_JAR DIRECTORY [JAVA CLI_JAR MCP_JAR DIRECTORY ...]
#
# Each JAVA (a JDK 25+) runs each jar and writes the six caches above into DIRECTORY; both the JVM and
# the jar's path, size and time must be those of the later runs. Exits 3 when adb is missing or the
# simulated phone does not start (the build then makes no cache and says so), 1 when a training run
# does not succeed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
work="$1"
shift
command -v adb >/dev/null 2>&1 || { echo "adb is not on PATH: no simulated phone to train on" >&2; exit 3; }
mkdir -p "$work"
# shellcheck source=../../../bin/lib/simulated-phone.sh
. "$root/bin/lib/simulated-phone.sh"
# The MCP server a failed training leaves (train_server), then the phone.
server_pid=""
train_server_stop() {
  [ -z "$server_pid" ] || kill -KILL "$server_pid" 2>/dev/null || true
}
trap 'train_server_stop; phone_stop' EXIT
# A loaded build machine can take longer to start the simulator than phone_start waits: once more.
if ! phone_start "$work" && ! { phone_stop; phone_start "$work"; }; then
  echo "the simulated phone did not start: no phone to train on" >&2
  exit 3
fi
# Each launcher's compiler and collector flags, from the file the launchers take them from
# (bin/lib/jvm-flags.sh), for the JDK 25+ that trains; a training JVM is asked its version below.
# shellcheck source=../../../bin/lib/jvm-flags.sh
. "$root/bin/lib/jvm-flags.sh"
# No training data for the commands' caches: method profiles serve the server compiler only, and a
# JVM that maps them replays the training run's compilations at start, about 340 methods more for
# a command that never calls them (8% of a capture's CPU). The flag is diagnostic; a JVM that no
# longer knows it records them. The launcher's native reflection accessors are in the commands'
# flags, so that the cache holds the classes of that path.
no_profiles=(-XX:+UnlockDiagnosticVMOptions -XX:+IgnoreUnrecognizedVMOptions -XX:-AOTRecordTraining)
# flags_for JAVA: sets cli_flags, verify_flags and mcp_flags for that JVM's major version. The MCP
# server's cache keeps the training's method profiles: a server lives for many captures, and a JIT
# that starts from a capture's profiles spends less on the way (JDK 25, 150 warm captures after 60:
# its compiler threads 3.5-3.6 ms a capture against 7.8-8.3 without the profiles; start to the
# first capture's answer no slower than with the old cache of the session up to tools/list;
# docs/benchmarks.md, "The MCP server's cache").
flags_for() {
  local major
  major="$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')" || true
  [[ "$major" =~ ^[0-9]+$ ]] || { echo "training: cannot tell the Java version of $1" >&2; exit 1; }
  jvm_flags_for command "$major"
  cli_flags=("${jvm_flags[@]}" "${no_profiles[@]}")
  jvm_flags_for verify "$major"
  verify_flags=("${jvm_flags[@]}" "${no_profiles[@]}")
  jvm_flags_for server "$major"
  mcp_flags=("${jvm_flags[@]}")
}
grep -E '"method":"(initialize|notifications/initialized|tools/list)"' "$here/mcp-session.jsonl" >"$work/mcp-session.jsonl"
# A method called once a capture reaches the client compiler's thresholds after about 200 captures
# and the server compiler's after thousands, so a cache trained on 40 left a server compiling them
# for its first few hundred captures; with 600 it starts from their profiles (bench/cpu-ab.sh, JDK 25,
# 16 phones at once, 40 rounds, the same jar: 40 against 200 captures 35.8 and 39.3 ms a capture against
# 34.3 and 37.5; 200 against 600 32.0 and 30.2 against 31.1 and 29.6; docs/benchmarks.md, "Tenth pass").
# The training takes about 35 s; its bundles are deleted as it goes.
server_captures=600

# train CACHE JAVA ARGUMENT...: runs JAVA with the arguments (stdin from $input) to write CACHE; stops
# the script when it fails, writes no cache, or its stdout lacks $expected.
train() {
  local cache="$1" java="$2"
  shift 2
  rm -f "$cache"
  if ! "$java" -XX:AOTCacheOutput="$cache" "$@" <"$input" >"$work/train.out" 2>"$work/train.err" \
      || ! grep -q -e "$expected" "$work/train.out" || [ ! -s "$cache" ]; then
    echo "training ${cache##*/} with $java $*: failed or wrote no cache: $(head -c 2000 "$work/train.out")" \
      "$(tail -c 2000 "$work/train.err")" >&2
    exit 1
  fi
}

# train_server CACHE JAVA: the MCP server with mcp-session.jsonl's opening, then $server_captures
# evidence_capture calls of the simulated phone, each sent after the answer to the one before (as an
# agent calls it), then the end of its input; stops the script (and the server) when an answer is
# missing or not complete, or when the server does not exit 0 within two minutes of its input's end
# (its output read all the while, so a JVM writing at exit cannot block) or writes no cache.
train_server() {
  local cache="$1" java="$2" line id request status=0
  rm -f "$cache"
  mkdir -p -m 700 "$work/mcp-root"
  coproc server { ANDROPERATOR_EVIDENCE_DIR="$work/mcp-root" exec "$java" -XX:AOTCacheOutput="$cache" \
    "${mcp_flags[@]}" -jar "$mcp" 2>"$work/train.err"; }
  local to="${server[1]}" from="${server[0]}"
  server_pid="$server_PID"
  cat "$work/mcp-session.jsonl" >&"$to"
  train_server_await 2 '"tools"' "$from"
  for ((id = 3; id < 3 + server_captures; id++)); do
    request='{"jsonrpc":"2.0","id":'"$id"',"method":"tools/call","params":{"name":"evidence_capture",'
    request+='"arguments":{"deviceId":"'"$PHONE_SERIAL"'","operatorPackage":"com.androperator.operator.dev",'
    request+='"label":"training"}}}'
    printf '%s\n' "$request" >&"$to"
    train_server_await "$id" '\"status\":\"complete\"' "$from"
    # Answered, so finalized: 1.4 MB a bundle that nothing reads again.
    (( (id - 2) % 50 != 0 )) || find "$work/mcp-root/bundles" -mindepth 1 -maxdepth 1 -exec rm -rf {} + \
      || { echo "training the MCP server: cannot delete the training's bundles in $work/mcp-root" >&2; exit 1; }
  done
  # A coprocess's descriptors are closed in subshells: the drain reads a copy of it.
  local drain
  exec {drain}<&"$from"
  cat <&"$drain" >"$work/train.out" &
  exec {drain}<&- {to}>&-
  timeout 120 tail --pid="$server_pid" -f /dev/null || kill -KILL "$server_pid" 2>/dev/null || true
  wait "$server_pid" || status=$?
  server_pid=""
  rm -rf "$work/mcp-root"
  if [ "$status" -ne 0 ] || [ ! -s "$cache" ]; then
    echo "training ${cache##*/} with $java: the server exited $status or wrote no cache:" \
      "$(tail -c 2000 "$work/train.out") $(tail -c 2000 "$work/train.err")" >&2
    exit 1
  fi
}

# train_server_await ID TEXT FD: reads the server's lines from FD until the answer to ID, which must
# hold TEXT; a minute without a line stops the script.
train_server_await() {
  local id="$1" text="$2" from="$3" line
  while IFS= read -r -t 60 line <&"$from"; do
    case "$line" in
      *'"id":'"$id"','*) case "$line" in *"$text"*) return 0 ;; esac
        echo "training the MCP server: the answer to request $id lacks $text: ${line:0:2000}" >&2
        train_server_stop
        exit 1 ;;
    esac
  done
  echo "training the MCP server: no answer to request $id: $(tail -c 2000 "$work/train.err")" >&2
  train_server_stop
  exit 1
}


while [ "$#" -ge 4 ]; do
  java="$1" cli="$2" mcp="$3" directory="$4"
  shift 4
  flags_for "$java"
  bundle="$work/bundle-$RANDOM$RANDOM"
  input=/dev/null expected='"status":"complete"'
  train "$directory/androperator.aot" "$java" "${cli_flags[@]}" -jar "$cli" evidence capture --device "$PHONE_SERIAL" \
    --operator-package com.androperator.operator.dev --output-dir "$bundle" --label training
  input=/dev/null expected='^[0-9]'
  train "$directory/androperator-version.aot" "$java" "${cli_flags[@]}" -jar "$cli" --version
  expected='^Usage: androperator'
  train "$directory/androperator-help.aot" "$java" "${cli_flags[@]}" -jar "$cli" --help
  expected='"ok" : true'
  train "$directory/androperator-verify.aot" "$java" "${verify_flags[@]}" -jar "$cli" evidence verify "$bundle"
  expected='"ok":true'
  train "$directory/androperator-view.aot" "$java" "${cli_flags[@]}" -jar "$cli" evidence view "$bundle" \
    --out "$bundle.html"
  train_server "$directory/androperator-mcp.aot" "$java"
done
