# Sourced by bin/androperator, after bin/lib/jvm-flags.sh (the daemon JVM's flags):
# ANDROPERATOR_DAEMON=on hands `evidence capture` to this user's capture daemon (capture-daemon's
# CaptureDaemon, shaded into the CLI's jar), a JVM kept running with its code compiled, and starts
# one when none answers. This side is bash with no JVM and one
# fork (compgen, for the environment): the daemon's protocol is lines and NUL-terminated fields
# over /dev/tcp (see DaemonWire), so a capture costs the daemon's work and a few milliseconds, not
# a JVM's start.
# Whenever no daemon can serve the capture (not Linux, an unsafe directory, it did not start, it
# is stopping or busy, another jar or JVM, a listener that cannot prove it is the daemon) this
# says why on stderr and returns, and the launcher runs the capture in its own JVM as without a
# daemon. Once the daemon has accepted the capture, it is the daemon's: this never runs it twice.
# It connects only to a listener of this user's (daemon_listener), so a connect never waits and no
# other user's process sees the client token; a port that another user's process took after the
# daemon died is given up for a new daemon, on a new port with new tokens.
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

# daemon_listener PORT: who listens on 127.0.0.1:PORT, read from /proc/net/tcp and tcp6 (a JVM's
# sockets are IPv6 ones, bound to ::ffff:127.0.0.1) without connecting: sets daemon_listener_state
# to mine, full (mine, its accept queue full: a connect would wait out the kernel's SYN retries),
# foreign (another user's: the daemon died and its port was taken), none (the daemon died), or
# unknown (no /proc/net/tcp).
# Each table is taken in one mapfile: `read` in a loop would read a seekable file a line at a time,
# with a read and an lseek per line, and the kernel walks its socket tables again for each of them,
# so a table of a few hundred sockets (a busy machine's TIME_WAITs) cost every capture seconds.
daemon_listener() {
  local hex table row
  local -a rows fields
  printf -v hex '%04X' "$1"
  daemon_listener_state=unknown
  [ -r /proc/net/tcp ] || return 0
  daemon_listener_state=none
  for table in /proc/net/tcp /proc/net/tcp6; do
    [ -r "$table" ] || continue
    mapfile -t rows <"$table" 2>/dev/null || continue
    for row in "${rows[@]}"; do
      # The local address ends in :PORT; the other rows are never split.
      case "$row" in *":$hex "*) ;; *) continue ;; esac
      # sl local_address rem_address st tx_queue:rx_queue tr:when retrnsmt uid ...: hex, colons
      # and spaces only, so splitting at blanks cannot glob.
      # shellcheck disable=SC2206
      fields=($row)
      daemon_listener_row "${fields[1]}" "${fields[3]}" "${fields[4]}" "${fields[7]}" && return 0
    done
  done
  return 0
}

# daemon_listener_row ADDRESS STATE QUEUES UID: for a row of /proc/net/tcp(6), whether it is the
# listener on 127.0.0.1:$hex (or any address); then sets daemon_listener_state.
daemon_listener_row() {
  # 0A is LISTEN; the address is 127.0.0.1 or any, as IPv4 or IPv6, in either byte order.
  [ "$2" = 0A ] || return 1
  case "$1" in
    0100007F:"$hex" | 7F000001:"$hex" | 00000000:"$hex") ;;
    0000000000000000FFFF00000100007F:"$hex" | 00000000000000000000FFFF7F000001:"$hex") ;;
    00000000000000000000000000000000:"$hex") ;;
    *) return 1 ;;
  esac
  if [ "$4" != "$EUID" ]; then
    daemon_listener_state=foreign
  elif ((16#${3#*:} >= 64)); then
    # A listener's rx_queue is the length of its accept queue; the daemon's holds 64.
    daemon_listener_state=full
  else
    daemon_listener_state=mine
  fi
}

# daemon_connect: opens fd 3 to the daemon and completes the handshake; fails when none answers.
# It connects only to a listener of this user's, so the client token never reaches another user's
# and the connect never waits. It sets daemon_foreign when another user's process holds the port
# (a new daemon replaces the dead one), daemon_impostor when the listener could not show the
# daemon's token, and daemon_unanswered when the daemon is there but cannot take the connection (it
# is busy with connections that never greet: starting another one would not help).
daemon_connect() {
  local port="" client="" daemon="" reply="" status=0
  daemon_trusted || return 1
  IFS=' ' read -r port client daemon <"$daemon_file" 2>/dev/null || return 1
  case "$port" in '' | *[!0-9]*) return 1 ;; esac
  daemon_listener "$port"
  case "$daemon_listener_state" in
    none) return 1 ;;
    foreign) daemon_foreign="port $port of the capture daemon is another user's now"; return 1 ;;
    full) daemon_unanswered="its connection queue on port $port is full"; return 1 ;;
  esac
  # In a group, so that bash's "Connection refused" (a daemon that died) stays off stderr.
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1
  # A daemon that closed the connection at once may make the greeting's write raise SIGPIPE.
  trap '' PIPE
  printf 'APD2 %s\n' "$client" >&3 2>/dev/null && IFS= read -r -t 10 -u 3 reply 2>/dev/null || status=$?
  trap - PIPE
  if [ "$status" -gt 128 ]; then
    daemon_unanswered="no answer from port $port within 10 s"
  elif [ "$status" -ne 0 ]; then
    daemon_unanswered="it closed the connection on port $port: too many connections wait for their greeting"
  elif [ "$reply" != "ok $daemon" ]; then
    daemon_impostor="the process on port $port did not prove it is the daemon of $daemon_file"
  else
    return 0
  fi
  exec 3>&-
  return 1
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
  jvm_flags_for daemon "$java_major"
  IFS= read -r -t 60 line < <(
    umask 077
    case "$java" in /*) ;; *) java="$PWD/$java" ;; esac
    cd / || exit 1
    for fd in /proc/self/fd/*; do
      fd="${fd##*/}"
      case "$fd" in 0 | 1 | 2 | *[!0-9]*) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
    done
    exec ${setsid[@]+"${setsid[@]}"} "$java" -Xlog:disable -Xlog:all=warning:stderr "${jvm_flags[@]}" \
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
  daemon_impostor="" daemon_unanswered="" daemon_foreign="" daemon_sent=0 daemon_pending=""
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
    [ -z "$daemon_foreign" ] || printf 'androperator: %s; starting a new daemon\n' "$daemon_foreign" >&2
    daemon_start || return 0
    if ! daemon_connect; then
      daemon_say "${daemon_impostor:-${daemon_unanswered:-no daemon answers for $daemon_file}}"
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
