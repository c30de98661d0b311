# Sourced by the launchers in bin/ (androperator, androperator-mcp), in the repository and in the
# release archives alike: which jar runs, on which JVM, with which class-data-sharing archive.
# The launcher sets $root, the directory above bin/ with symbolic links resolved, before sourcing.
#
#   repository:  the jar is <module>/target/<tool>.jar, the class list distribution/target/training/<tool>.classlist
#   release:     the jar is lib/<tool>.jar beside lib/<tool>.classlist; the linux-x64 archive
#                also holds runtime/, which then runs it (JAVA_HOME and PATH are not consulted),
#                and with a Java 25 runtime lib/androperator*.aot (launcher_aot)
#
# Needs bash and readlink, cksum, mkdir, mv, rm (and locale for utf8-locale.sh):
# ReleaseArchiveIT runs the archives with a PATH of exactly these, java and adb. daemon.sh (the
# capture daemon, ANDROPERATOR_DAEMON=on) uses setsid when there is one, and bash's /dev/tcp.

# shellcheck source=utf8-locale.sh
. "$root/bin/lib/utf8-locale.sh"

launcher_fail() {
  printf '%s: %s\n' "$launcher_tool" "$1" >&2
  exit 1
}

# launcher_resolve PATH: sets resolved to PATH with the symbolic links of its last component
# followed (readlink without -f, which macOS before 12.3 lacks; no subshell, start-up counts).
launcher_resolve() {
  local link
  resolved="$1"
  while [ -L "$resolved" ]; do
    link="$(readlink "$resolved")"
    case "$link" in
      /*) resolved="$link" ;;
      *) resolved="${resolved%/*}/$link" ;;
    esac
  done
}

# launcher_read FILE: sets text to FILE's contents without its trailing newlines, as "$(<FILE)" would,
# but without the subshell that bash forks for every command substitution (start-up counts).
launcher_read() {
  text=""
  IFS= read -r -d '' text <"$1" || true
  while [ "${text%$'\n'}" != "$text" ]; do
    text="${text%$'\n'}"
  done
}

# launcher_init TOOL MODULE: sets jar, classlist, version, java, java_real, java_release (with its text in
# java_release_text) and java_major, or
# stops with a message that says what to install.
launcher_init() {
  launcher_tool="$1"
  local module="$2"
  if [ -f "$root/lib/$launcher_tool.jar" ]; then
    jar="$root/lib/$launcher_tool.jar"
    classlist="$root/lib/$launcher_tool.classlist"
    launcher_read "$root/lib/VERSION"
    version="$text"
  elif [ -f "$root/$module/target/$launcher_tool.jar" ]; then
    jar="$root/$module/target/$launcher_tool.jar"
    classlist="$root/distribution/target/training/$launcher_tool.classlist"
    version=dev
  else
    launcher_fail "$root/$module/target/$launcher_tool.jar is not built yet; run: (cd '$root' && mvn -q install -DskipTests)"
  fi
  launcher_java
}

# Which java: the bundled runtime, else $JAVA_HOME/bin/java, else java on PATH; then its version,
# read from the runtime's release file (no JVM start) or, without one, from `java -version`.
launcher_java() {
  local hint="install a JDK 17 or newer (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jdk-headless; macOS: brew install openjdk@17) and put its bin/ on PATH or set JAVA_HOME to it"
  if [ -x "$root/runtime/bin/java" ]; then
    java="$root/runtime/bin/java"
  elif [ -n "${JAVA_HOME:-}" ]; then
    java="$JAVA_HOME/bin/java"
    [ -x "$java" ] || launcher_fail "JAVA_HOME is $JAVA_HOME, which has no bin/java: point JAVA_HOME at a JDK 17 or newer, or unset it to use the java on PATH"
  else
    java="$(command -v java 2>/dev/null)" || launcher_fail "no java on PATH: $hint"
  fi
  launcher_resolve "$java"
  java_real="$resolved"
  java_release="${java_real%/bin/*}/release"
  local java_version="" line
  java_release_text=""
  if [ -f "$java_release" ]; then
    launcher_read "$java_release"
    java_release_text="$text"
    while IFS= read -r line; do
      case "$line" in JAVA_VERSION=*) java_version="${line#JAVA_VERSION=}" ;; esac
    done <<<"$java_release_text"
    java_version="${java_version//\"/}"
  else
    java_release=""
  fi
  if [ -z "$java_version" ]; then
    line="$("$java" -version 2>&1 | { IFS= read -r first; printf '%s' "$first"; })" || true
    case "$line" in *\"*\"*) java_version="${line#*\"}"; java_version="${java_version%%\"*}" ;; esac
  fi
  java_major="${java_version#1.}"
  [ "${java_version%%.*}" = 1 ] || java_major="$java_version"
  java_major="${java_major%%[!0-9]*}"
  if [ -z "$java_major" ] || [ "$java_major" -lt 17 ]; then
    launcher_fail "$java is Java ${java_version:-of an unknown version}, and $launcher_tool needs Java 17 or newer: $hint"
  fi
}

# launcher_cds JVM-OPTION...: sets the array cds to the options that map this tool's start-up
# cache. On Java 25 and later that is the ahead-of-time cache the build trained for this JVM when
# there is one (launcher_aot). Otherwise it is the class-data-sharing archive for this jar, this JVM
# and this install when there is one, and otherwise it starts making that (launcher_cds_dump), for
# the next runs. The archive is a static one
# dumped from the class list that the build trained on every command (distribution/src/training):
# unlike a dynamic archive (-XX:ArchiveClassesAtExit) it holds every command's classes whichever
# command runs first, and picocli's classes too (JDK 17 leaves pre-Java-6 class files out of
# dynamic archives). It lives next to the jar when that directory is writable, else under
# ${XDG_CACHE_HOME:-$HOME/.cache}/androperator/<version>/; when neither can be written the tool
# runs without one. Its name carries a checksum of the jar's path, the JVM's path and the JVM's
# release file, and it is used only while newer than the jar and the class list, so a new jar or
# JVM gets a new archive. Never fails; ANDROPERATOR_CDS=off skips it (and the AOT cache), and so
# does a JDK 17 install path with a space.
launcher_cds() {
  cds=()
  [ "${ANDROPERATOR_CDS:-auto}" != off ] || return 0
  ! launcher_aot || return 0
  [ -f "$classlist" ] || return 0
  # JDK 17 cannot match an application class path that holds a space: the archive would be made,
  # then never used (every class loaded from the jar again). JDK 25 can.
  case "$jar" in *[[:space:]]*) [ "$java_major" -ge 25 ] || return 0 ;; esac
  local key name directory archive
  key="$(printf '%s\n%s\n%s\n' "$jar" "$java_real" "$java_release_text" | cksum)"
  name="$launcher_tool-${key%% *}.jsa"
  local directories=("${jar%/*}")
  local cache_home="${XDG_CACHE_HOME:-}"
  case "$cache_home" in /*) ;; *) cache_home="${HOME:+$HOME/.cache}" ;; esac
  [ -z "$cache_home" ] || directories+=("$cache_home/androperator/$version")
  for directory in "${directories[@]}"; do
    archive="$directory/$name"
    if [ -f "$archive" ] && [ "$archive" -nt "$jar" ] && [ "$archive" -nt "$classlist" ]; then
      cds=(-XX:SharedArchiveFile="$archive")
      return 0
    fi
    if [ -f "$archive.failed" ] && [ "$archive.failed" -nt "$jar" ]; then
      return 0
    fi
  done
  for directory in "${directories[@]}"; do
    mkdir -p "$directory" 2>/dev/null || continue
    [ -w "$directory" ] || continue
    launcher_cds_dump "$directory/$name" "$@"
    return 0
  done
  return 0
}

# launcher_aot: on Java 25 and later, for a launcher that set launcher_aot_command (bin/androperator:
# capture for `evidence capture`, version for `--version` or `-V` alone, help for `--help` or `-h`
# alone, verify and view for `evidence verify` and `evidence view`; bin/androperator-mcp: server),
# sets cds to map that command's ahead-of-time cache beside the class list (TOOL.aot for capture and
# server, TOOL-COMMAND.aot for the others) and succeeds, when the build made that cache (JEP 514's
# -XX:AOTCacheOutput, trained on the command itself: distribution/src/training/aot-train.sh) with
# this very JVM, as CACHE.jvm (a copy
# of the training JVM's release file) says, and not before this jar (the archive gives both the same
# time); otherwise fails. In a release those are the linux-x64 archive's lib/androperator*.aot for its
# own runtime; in the repository distribution/target/training/androperator*.aot for the JDK 25 the
# build found. One cache per command, not one for all: a JVM maps and loads every class of its cache
# at start, so a cache of every command's classes costs `--version` (a few dozen classes of its own)
# about 25 ms more CPU than it saves, and verify and view ran slower with the capture's cache than
# with the class-data-sharing archive; the other commands (prune, video, doctor, daemon) keep that archive;
# capture's, verify's and view's own --help use their command's cache. The
# JVM checks the cache again (its build, the jar's size and time) and runs on without one it
# rejects: its aot messages, at error level then, are turned off on stderr (where the launchers send
# the JVM's warnings), so that stderr stays the tool's own.
launcher_aot() {
  local cache="${classlist%.classlist}"
  case "${launcher_aot_command:-}" in
    capture | server) cache="$cache.aot" ;;
    version | help | verify | view) cache="$cache-$launcher_aot_command.aot" ;;
    *) return 1 ;;
  esac
  [ "$java_major" -ge 25 ] && [ -n "$java_release" ] && [ -f "$cache" ] && [ -f "$cache.jvm" ] \
    && ! [ "$jar" -nt "$cache" ] || return 1
  launcher_read "$cache.jvm"
  [ "$text" = "$java_release_text" ] || return 1
  cds=(-XX:AOTCache="$cache" -Xlog:aot*=off:stderr)
  # Two threads a short command does not need, measured on JDK 25 (docs/benchmarks.md): the
  # training-replay thread, which has nothing to replay in a command's cache (aot-train.sh records no
  # method profiles for them; the MCP server's cache has them, and its server keeps the thread), and
  # the archive workers that relocate every pointer of the cache when it is mapped at a random
  # address (mode 0 maps it where it was made, and relocates only when that address is taken); about
  # 10 ms of CPU each on a capture. Diagnostic flags, given only to the version they were measured on.
  [ "$java_major" != 25 ] || cds+=(-XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0)
  [ "$java_major" != 25 ] || [ "$launcher_aot_command" = server ] || cds+=(-XX:-AOTReplayTraining)
  # The server's cache holds the training's method profiles. With them JDK 25 sends a method the
  # training compiled with C2 to the client compiler's level 2 first, and on to C2 only when level
  # 2 next asks (every 2,048 calls): a method called a few times a capture ran C1 code for hundreds
  # of captures. SkipTier2IfPossible sends it to C2 from the interpreter (every 128 calls) once the
  # classes its training compilation depended on are initialized: a young server settles sooner,
  # for about the same CPU in all. 50 serial captures, then 10 rounds of 16 phones at once: the
  # rounds 32.9, 30.6 and 35.2 ms of the server's CPU a capture against 36.4, 38.7 and 37.3 without
  # it, the first 50 captures 5.4-6.0 s against 4.8-5.0; after 300 captures no measurable difference
  # (docs/benchmarks.md, "Fifteenth pass").
  [ "$java_major" != 25 ] || [ "$launcher_aot_command" != server ] || cds+=(-XX:+SkipTier2IfPossible)
}

# launcher_cds_dump ARCHIVE JVM-OPTION...: makes ARCHIVE in the background (a few seconds of one
# core), so that this command starts at once, without it, and a machine that runs the tool once
# (a fresh CI container) pays nothing for a cache it will not reuse. One dump at a time per
# archive: a lock directory holds the dumping shell's pid, and one whose shell is gone is taken
# over. The dump writes a temporary name, then renames it; a JVM that cannot dump leaves a .failed
# marker instead, so it is not tried again. The dump holds none of the caller's streams (a caller
# reading this command's output to its end does not wait for it) and, started from a script, it
# ignores Ctrl-C as background jobs of scripts do.
launcher_cds_dump() {
  local archive="$1" lock="$1.lock" owner=""
  shift
  if ! mkdir "$lock" 2>/dev/null; then
    { owner="$(<"$lock/pid")"; } 2>/dev/null || owner=""
    # No pid yet: its shell is between mkdir and writing it, so the dump is under way.
    if [ -z "$owner" ] || kill -0 "$owner" 2>/dev/null; then
      return 0
    fi
    rm -rf "$lock" 2>/dev/null
    mkdir "$lock" 2>/dev/null || return 0
  fi
  (
    printf '%s\n' "${BASHPID:-$$}" >"$lock/pid"
    temporary="$archive.$RANDOM$RANDOM.tmp"
    if "$java" "$@" -Xshare:dump -XX:SharedClassListFile="$classlist" -XX:SharedArchiveFile="$temporary" -cp "$jar" \
        && mv -f "$temporary" "$archive"; then
      :
    else
      rm -f "$temporary"
      : >"$archive.failed"
    fi
    rm -rf "$lock"
  ) </dev/null >/dev/null 2>&1 &
}
