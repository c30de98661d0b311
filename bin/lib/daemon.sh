# Sourced by bin/androperator: ANDROPERATOR_DAEMON=on hands `evidence capture` to this user's
# capture daemon (capture-daemon's CaptureDaemon, shaded into the CLI's jar), a JVM kept running
# with its code compiled, and starts one when none answers. This side is bash with no JVM and one
# fork (compgen, for the environment): the daemon's protocol is lines and NUL-terminated fields
# over /dev/tcp (see DaemonWire), so a capture costs the daemon's work and a few milliseconds, not
# a JVM's start.
# Whenever no daemon can serve the capture (not Linux, an unsafe directory, it did not start, it
# is stopping or busy, another jar or JVM, a listener that cannot prove it is the daemon) this
# says why on stderr and returns, and the launcher runs the capture in its own JVM as without a
# daemon. Once the daemon has accepted the capture, it is the daemon's: this never runs it twice.
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
# It sets daemon_impostor when the listener could not show the daemon's token, and
# daemon_unanswered when a listener took the connection and then said nothing (a daemon busy
# with connections that never greet: starting another one would not help).
daemon_connect() {
  local port="" client="" daemon="" reply=""
  daemon_trusted || return 1
  IFS=' ' read -r port client daemon <"$daemon_file" 2>/dev/null || return 1
  case "$port" in '' | *[!0-9]*) return 1 ;; esac
  # In a group, so that bash's "Connection refused" (a daemon that died) stays off stderr.
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1
  printf 'APD2 %s\n' "$client" >&3 2>/dev/null || { exec 3>&-; return 1; }
  IFS= read -r -t 10 -u 3 reply || { exec 3>&-; daemon_unanswered="no answer from port $port"; return 1; }
  daemon_unanswered=""
  if [ "$reply" != "ok $daemon" ]; then
    exec 3>&-
    daemon_impostor="the process on port $port did not prove it is the daemon of $daemon_file"
    return 1
  fi
}

# daemon_start: starts a daemon in a session of its own (setsid, when there is one), in /, with
# none of this shell's files open but the pipe it answers on, and waits for its first line:
# "ready <pid>", or "running" once another daemon that won the lock has published its port.
daemon_start() {
  local line="" idle="${ANDROPERATOR_DAEMON_IDLE_SECONDS:-900}" setsid=()
  if [ ! -e "$daemon_dir" ]; then
    # Two first captures at once: one makes it, the other finds it made.
    mkdir -m 700 "$daemon_dir" 2>/dev/null || [ -d "$daemon_dir" ] || { daemon_say "cannot make $daemon_dir"; return 1; }
  fi
  case "$idle" in '' | *[!0-9]*) idle=900 ;; esac
  if [ "$idle" -lt 1 ] || [ "$idle" -gt 86400 ]; then idle=900; fi
  command -v setsid >/dev/null 2>&1 && setsid=(setsid)
  IFS= read -r -t 60 line < <(
    umask 077
    case "$java" in /*) ;; *) java="$PWD/$java" ;; esac
    cd / || exit 1
    for fd in /proc/self/fd/*; do
      fd="${fd##*/}"
      case "$fd" in 0 | 1 | 2 | *[!0-9]*) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
    done
    exec ${setsid[@]+"${setsid[@]}"} "$java" -Xlog:disable -Xlog:all=warning:stderr -XX:+UseSerialGC -XX:-UsePerfData \
      -cp "$jar" com.androperator.evidence.daemon.CaptureDaemon "$daemon_file" "$idle" "$java" \
      </dev/null 2>>"${daemon_file%.port}.log"
  ) || true
  case "$line" in
    ready* | running) return 0 ;;
    '') daemon_say "the daemon did not start (its log: ${daemon_file%.port}.log)" ;;
    *) daemon_say "the daemon did not start: $line" ;;
  esac
  return 1
}

# daemon_forward SIGNAL-NUMBER: a trapped SIGINT or SIGTERM, sent on once the request is out.
daemon_forward() {
  # Kept either way: if the daemon then refuses the capture, this client does not run it itself.
  daemon_pending="$1"
  if [ "$daemon_sent" = 1 ]; then
    printf 'i%s\n' "$1" >&3 2>/dev/null || true
  fi
}

# daemon_fallback WHY: undoes the client's traps and connection and says why the capture runs in
# this process; after a signal that came meanwhile, exits as the signal asked instead (nothing
# was captured, as for a JVM that the signal ended before it began).
daemon_fallback() {
  trap - INT TERM PIPE
  exec 3>&-
  if [ -n "$daemon_pending" ]; then
    printf 'androperator: %s before the capture began; nothing was captured\n' \
      "$([ "$daemon_pending" = 2 ] && echo SIGINT || echo SIGTERM)" >&2
    exit $((128 + daemon_pending))
  fi
  daemon_say "$1"
}

# daemon_capture ARG...: runs the capture through the daemon and exits with its status; returns
# only when the capture must run in this process (having said why on stderr).
daemon_capture() {
  # The environment first, before any local variable can hide an exported one of the same name.
  # (Exported names that are not bash identifiers, such as A-B, cannot be read by bash and are
  # not sent; the README says so.)
  daemon_env=()
  for daemon_env_name in $(compgen -e); do
    daemon_env+=("$daemon_env_name=${!daemon_env_name}")
  done
  local tty=0 line status="" accepted=0
  [ -r /proc/self/stat ] || { daemon_say "the capture daemon needs Linux"; return 0; }
  daemon_impostor="" daemon_unanswered="" daemon_sent=0 daemon_pending=""
  daemon_place
  if ! daemon_connect; then
    if [ -n "$daemon_unanswered" ]; then
      daemon_say "the daemon did not answer ($daemon_unanswered)"
      return 0
    fi
    if [ -e "$daemon_dir" ] && { [ -L "$daemon_dir" ] || [ ! -O "$daemon_dir" ]; }; then
      daemon_say "$daemon_dir is not a directory of yours; remove it or set XDG_RUNTIME_DIR"
      return 0
    fi
    # Also after an impostor: a new daemon replaces the port file when the old daemon is gone.
    daemon_start || return 0
    if ! daemon_connect; then
      daemon_say "${daemon_impostor:-no daemon answers for $daemon_file}"
      return 0
    fi
  fi
  [ -t 2 ] && tty=1
  # The JVM's working directory is the physical one; $PWD may name it through links.
  cd -P . 2>/dev/null || true
  # A closed stdout must not kill this client (and so cancel the capture): a JVM would go on.
  trap '' PIPE
  trap 'daemon_forward 2' INT
  trap 'daemon_forward 15' TERM
  # One printf, so the request leaves in as few writes as its size allows: a request in many small
  # writes waits on the daemon's delayed ACK (Nagle's algorithm holds each write after the first).
  if ! printf '%s\0' capture "$java" "$jar" "$PWD" "$tty" "$#" "$@" ${daemon_env[@]+"${daemon_env[@]}"} "" >&3 2>/dev/null; then
    daemon_fallback "the daemon did not take the request"
    return 0
  fi
  daemon_sent=1
  [ -z "$daemon_pending" ] || printf 'i%s\n' "$daemon_pending" >&3 2>/dev/null || true
  # In bash 5.2 a trapped signal runs its trap during read, which then goes on with the line.
  while :; do
    if IFS= read -r -u 3 line; then
      case "$line" in
        o*) printf '%s\n' "${line:1}" 2>/dev/null || true ;;
        O*) printf '%s' "${line:1}" 2>/dev/null || true ;;
        e*) printf '%s\n' "${line:1}" >&2 2>/dev/null || true ;;
        E*) printf '%s' "${line:1}" >&2 2>/dev/null || true ;;
        a) accepted=1 ;;
        x*) status="${line:1}"; break ;;
        r*)
          daemon_fallback "${line:1}"
          return 0
          ;;
      esac
    elif [ $? -le 128 ]; then
      break
    fi
  done
  if [ -z "$status" ]; then
    if [ "$accepted" = 0 ]; then
      daemon_fallback "the daemon closed the connection before it took the capture (its log: ${daemon_file%.port}.log)"
      return 0
    fi
    exec 3>&-
    printf 'androperator: the capture daemon ended before the capture did; the bundle at the --output-dir may be unfinished (its log: %s)\n' \
      "${daemon_file%.port}.log" >&2
    exit 1
  fi
  exec 3>&-
  exit "$status"
}
