# Sourced by bin/androperator: ANDROPERATOR_DAEMON=on hands `evidence capture` to this user's
# capture daemon (entrypoint-cli's CaptureDaemon), a JVM kept running with its code compiled,
# and starts one when none answers. This side is bash with no JVM and no fork on the way (the
# daemon's protocol is lines and NUL-terminated fields over /dev/tcp, see DaemonWire), so a
# capture costs the daemon's work and a few milliseconds, not a JVM's start. Whenever no daemon
# can serve (unsafe directory, it did not start, it is stopping, another jar or JVM) it says why
# on stderr and returns, and the launcher runs the capture in its own JVM as without a daemon.
#
# Files: $XDG_RUNTIME_DIR/androperator (else /tmp/androperator-daemon-$EUID), mode 0700, holds
# capture-<jar path>.port (port, client token, daemon token; mode 0600), .lock and .log.

# daemon_place: sets daemon_dir and daemon_file for this jar.
daemon_place() {
  case "${XDG_RUNTIME_DIR:-}" in
    /*) daemon_dir="$XDG_RUNTIME_DIR/androperator" ;;
    *) daemon_dir="/tmp/androperator-daemon-$EUID" ;;
  esac
  local name="${jar//[^A-Za-z0-9._-]/_}"
  [ "${#name}" -le 150 ] || name="${name: -150}"
  daemon_file="$daemon_dir/capture-$name.port"
}

daemon_say() {
  printf 'androperator: capturing in this process, not through the daemon: %s\n' "$1" >&2
}

# daemon_trusted: whether the directory and the port file are this user's and not links (the
# daemon refuses to start in a directory with any group or other permission).
daemon_trusted() {
  [ -d "$daemon_dir" ] && [ ! -L "$daemon_dir" ] && [ -O "$daemon_dir" ] \
    && [ -f "$daemon_file" ] && [ ! -L "$daemon_file" ] && [ -O "$daemon_file" ]
}

# daemon_connect: opens fd 3 to the daemon and completes the handshake; fails when none answers.
daemon_connect() {
  local port="" client="" daemon="" reply=""
  daemon_trusted || return 1
  IFS=' ' read -r port client daemon <"$daemon_file" 2>/dev/null || return 1
  case "$port" in '' | *[!0-9]*) return 1 ;; esac
  # In a group, so that bash's "Connection refused" (a daemon that died) stays off stderr.
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1
  printf 'APD2 %s\n' "$client" >&3 2>/dev/null || { exec 3>&-; return 1; }
  IFS= read -r -t 10 -u 3 reply || { exec 3>&-; return 1; }
  if [ "$reply" != "ok $daemon" ]; then
    exec 3>&-
    daemon_say "the process on port $port did not prove it is the daemon of $daemon_file"
    daemon_refused=1
    return 1
  fi
}

# daemon_start: starts a daemon in a session of its own (setsid, when there is one) and waits for
# its first line: "ready <pid>", or "running" when another client's daemon won the lock.
daemon_start() {
  local line="" idle="${ANDROPERATOR_DAEMON_IDLE_SECONDS:-900}" setsid=()
  if [ ! -e "$daemon_dir" ]; then
    mkdir -m 700 "$daemon_dir" 2>/dev/null || { daemon_say "cannot make $daemon_dir"; return 1; }
  fi
  case "$idle" in '' | *[!0-9]*) idle=900 ;; esac
  if [ "$idle" -lt 1 ] || [ "$idle" -gt 86400 ]; then idle=900; fi
  command -v setsid >/dev/null 2>&1 && setsid=(setsid)
  IFS= read -r -t 60 line < <(
    umask 077
    exec ${setsid[@]+"${setsid[@]}"} "$java" -Xlog:disable -Xlog:all=warning:stderr -XX:+UseSerialGC -XX:-UsePerfData \
      -cp "$jar" com.androperator.evidence.cli.CaptureDaemon "$daemon_file" "$idle" </dev/null 2>>"${daemon_file%.port}.log"
  ) || true
  case "$line" in
    ready* | running) return 0 ;;
    '') daemon_say "the daemon did not start (its log: ${daemon_file%.port}.log)" ;;
    *) daemon_say "the daemon did not start: $line" ;;
  esac
  return 1
}

# daemon_capture ARG...: runs the capture through the daemon and exits with its status; returns
# only when the capture must run in this process (having said why on stderr).
daemon_capture() {
  local tty=0 name line status="" variables=()
  daemon_refused=0
  daemon_place
  if ! daemon_connect; then
    [ "$daemon_refused" = 0 ] || return 0
    if [ -e "$daemon_dir" ] && { [ -L "$daemon_dir" ] || [ ! -O "$daemon_dir" ]; }; then
      daemon_say "$daemon_dir is not a directory of yours; remove it or set XDG_RUNTIME_DIR"
      return 0
    fi
    daemon_start || return 0
    daemon_connect || { [ "$daemon_refused" = 1 ] || daemon_say "no daemon answers for $daemon_file"; return 0; }
  fi
  [ -t 2 ] && tty=1
  for name in $(compgen -e); do
    variables+=("$name=${!name}")
  done
  # One printf, so the request leaves in as few writes as its size allows: a request in many small
  # writes waits on the daemon's delayed ACK (Nagle's algorithm holds each write after the first).
  printf '%s\0' capture "$java_real" "$PWD" "$tty" "$#" "$@" ${variables[@]+"${variables[@]}"} "" >&3
  # Signals are forwarded; a trapped signal interrupts read with a status above 128.
  trap 'printf "i2\n" >&3 2>/dev/null' INT
  trap 'printf "i15\n" >&3 2>/dev/null' TERM
  while :; do
    if IFS= read -r -u 3 line; then
      case "$line" in
        o*) printf '%s\n' "${line:1}" ;;
        O*) printf '%s' "${line:1}" ;;
        e*) printf '%s\n' "${line:1}" >&2 ;;
        E*) printf '%s' "${line:1}" >&2 ;;
        x*) status="${line:1}"; break ;;
        r*) trap - INT TERM; exec 3>&-; daemon_say "${line:1}"; return 0 ;;
      esac
    elif [ $? -le 128 ]; then
      break
    fi
  done
  exec 3>&-
  if [ -z "$status" ]; then
    printf 'androperator: the capture daemon ended before the capture did; the bundle at the --output-dir may be unfinished (its log: %s)\n' \
      "${daemon_file%.port}.log" >&2
    exit 1
  fi
  exit "$status"
}
