# Sourced by bin/demo and bench/capture-bench.sh: a simulated phone attached to a private adb
# server (own port, own HOME, ADB_EMU=0), so that the user's own adb and devices are never touched.
#
#   phone_start WORKDIR   starts both; sets PHONE_SERIAL, and exports ANDROID_ADB_SERVER_PORT,
#                         HOME, TMPDIR and ADB_EMU for everything run afterwards
#   phone_stop            stops what phone_start started (safe to call more than once)

PHONE_SIMULATOR_PID=""
PHONE_ADB_PORT=""
PHONE_ADB_HOME=""
PHONE_SERIAL=""

phone_start() {
  local work="$1" root candidate
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  PHONE_ADB_HOME="$work/adb-home"
  mkdir -p "$PHONE_ADB_HOME/tmp"

  "$root/bin/device-simulator" --profile classpath:profiles/pixel/profile.json \
    >"$work/simulator.out" 2>"$work/simulator.err" &
  PHONE_SIMULATOR_PID=$!
  for _ in $(seq 1 300); do
    [ -s "$work/simulator.out" ] && break
    kill -0 "$PHONE_SIMULATOR_PID" 2>/dev/null || break
    sleep 0.1
  done
  PHONE_SERIAL="$(sed -n 's/.*"serial":"\([^"]*\)".*/\1/p' "$work/simulator.out")"
  if [ -z "$PHONE_SERIAL" ]; then
    echo "the simulated phone did not start: $(cat "$work/simulator.err")" >&2
    return 1
  fi

  export HOME="$PHONE_ADB_HOME" TMPDIR="$PHONE_ADB_HOME/tmp" ADB_EMU=0
  unset ADB_SERVER_SOCKET ANDROID_SERIAL ANDROPERATOR_EVIDENCE_DIR
  # adb start-server can fail on a port nobody listened on a moment before (one run failed so right
  # after a training on a loaded host; adb's words were not kept): up to three ports are tried, each
  # a fresh random one, and the last failure's words are shown.
  local tries=0 started=""
  rm -f "$work/adb-start.out"
  for _ in $(seq 1 20); do
    candidate=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null && continue
    tries=$((tries + 1))
    if adb -P "$candidate" start-server >"$work/adb-start.out" 2>&1; then
      started=$candidate
      break
    fi
    # A server that came up too late for its client is not left running; a port that was taken
    # (adb says so) belongs to someone else, and nothing is sent to it.
    grep -q -i "in use" "$work/adb-start.out" 2>/dev/null \
      || adb -P "$candidate" kill-server >/dev/null 2>&1 || true
    [ "$tries" -lt 3 ] || break
  done
  if [ -z "$started" ]; then
    echo "could not start a private adb server ($tries ports tried): $(tail -c 500 "$work/adb-start.out" 2>/dev/null)" >&2
    return 1
  fi
  PHONE_ADB_PORT=$started
  export ANDROID_ADB_SERVER_PORT="$PHONE_ADB_PORT"
  adb -P "$PHONE_ADB_PORT" connect "$PHONE_SERIAL" >/dev/null
  for _ in $(seq 1 100); do
    [ "$(adb -P "$PHONE_ADB_PORT" -s "$PHONE_SERIAL" get-state 2>/dev/null)" = device ] && return 0
    sleep 0.1
  done
  echo "the simulated phone did not come online at $PHONE_SERIAL" >&2
  return 1
}

phone_stop() {
  if [ -n "$PHONE_SIMULATOR_PID" ] && kill -0 "$PHONE_SIMULATOR_PID" 2>/dev/null; then
    kill "$PHONE_SIMULATOR_PID" 2>/dev/null || true
    wait "$PHONE_SIMULATOR_PID" 2>/dev/null || true
  fi
  PHONE_SIMULATOR_PID=""
  if [ -n "$PHONE_ADB_PORT" ]; then
    HOME="$PHONE_ADB_HOME" TMPDIR="$PHONE_ADB_HOME/tmp" adb -P "$PHONE_ADB_PORT" kill-server >/dev/null 2>&1 || true
  fi
  PHONE_ADB_PORT=""
}
