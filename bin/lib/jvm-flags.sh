# The JVM flags that decide how each kind of androperator JVM compiles and collects. One home for
# them: bin/androperator, bin/androperator-mcp and the capture daemon's start (bin/lib/daemon.sh)
# run their JVMs with them, and distribution/src/training/aot-train.sh trains each ahead-of-time
# cache with the same ones, so that a cache holds the classes and method profiles of the runs that
# later map it. The launchers add what is theirs alone: where the JVM's messages go, and flags only
# some JDKs know.

# jvm_flags_for KIND JAVA_MAJOR: sets the array jvm_flags to the flags of KIND on that Java version.
#   command  a one-shot command of bin/androperator (every one but `evidence verify`)
#   verify   `evidence verify`
#   daemon   the capture daemon (bin/lib/daemon.sh starts it for ANDROPERATOR_DAEMON=on)
#   server   the MCP server (bin/androperator-mcp)
jvm_flags_for() {
  case "$1" in
    command)
      # Start-up matters for a one-shot command: the client compiler only and the serial collector.
      # A one-shot command compiled about 1,300 methods at the default thresholds (200 calls), most
      # of them called a few hundred times in all: compiling later saved a tenth of a capture's CPU
      # on JDK 17 and 25 alike (bench/StartupBench.java).
      jvm_flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:CompileThresholdScaling=3) ;;
    daemon)
      # The daemon lives for many captures, one at a time: both compilers at their default
      # thresholds, the serial collector, no shared performance-data file in /tmp, and the
      # server's smaller inlining budgets (below): two daemons side by side, one capture each in
      # turn, 80 and 120 captures after 30: JDK 25 54 and 56 ms of the daemon's CPU a capture
      # against 51 and 53 with them; JDK 17 57 against 57 (docs/benchmarks.md, "Eleventh pass").
      jvm_flags=(-XX:+UseSerialGC -XX:-UsePerfData -XX:MaxInlineLevel=9 -XX:InlineSmallCode=1000) ;;
    verify)
      # verify hashes and decodes whole files: the server compiler's SHA-256 and inflate paths are
      # about 4x faster than the client compiler's on a large bundle, which outweighs its start-up cost.
      jvm_flags=(-XX:+UseSerialGC) ;;
    server)
      # A burst of captures grows G1's heap (about 8 MB a capture in flight) and G1 gives it back
      # only after a collection that may shrink it, which an idle server never starts: the server
      # runs one itself after 10 s with no tool call in flight (IdleHeapReturn), and these tighter
      # free-heap ratios make it return the heap (bench/mcp-memory-bench.sh: 918 MiB after a burst
      # of 200 captures, 64 at once, stayed 903 MiB; with them it falls below the idle level). G1's
      # periodic collection did that before, but fired in use too (docs/benchmarks.md, "Thirteenth pass").
      # The heap starts at 32 MB, not a 64th of the machine's memory: a server capturing one phone
      # now and then reuses the same few pages instead of touching a fresh eden of hundreds of MB
      # (a warm serial MCP capture: 49 ms of server CPU against 58 in the same kind of run).
      # A heap size the caller sets (ANDROPERATOR_JAVA_OPTS) replaces it: the JVM refuses to start
      # with an initial heap above a smaller maximum (-Xmx16m against 32m).
      case " ${ANDROPERATOR_JAVA_OPTS:-} " in
        *" -Xmx"* | *" -Xms"* | *HeapSize=* | *RAMPercentage=* | *" -XX:MaxRAM="*)
          jvm_flags=(-XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30) ;;
        *)
          jvm_flags=(-XX:InitialHeapSize=32m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30) ;;
      esac
      # A capture's CPU is mostly zlib, SHA-256 and the kernel's; the JIT's part comes from a long
      # tail of methods that reach C2 late, each compiled with deep inlining (the socket read path
      # alone made three 70-94 KB compilations on JDK 17). Smaller inlining budgets make those
      # compilations smaller: bench/cpu-ab.sh, 16 phones at once, 40 rounds, this against the
      # defaults in the same run: JDK 17 40.4 and 40.6 ms a capture against 43.0 and 42.4 (its JIT
      # 4.0 and 4.2 against 5.8 and 5.9); JDK 25 with the AOT cache 36.2 against 37.1
      # (docs/benchmarks.md, "Eighth pass"). The daemon has them too; `command` keeps the default
      # inlining (it runs the client compiler only), and `verify` was not measured with them.
      jvm_flags+=(-XX:MaxInlineLevel=9 -XX:InlineSmallCode=1000) ;;
    *)
      echo "jvm_flags_for: no JVM kind '$1'" >&2
      return 2 ;;
  esac
  # Transparent huge pages for the Java heap, where the kernel offers them (madvise or always: with
  # "never" the JVM would warn at every start). Each 4 KiB page a heap touches for the first time is
  # a page fault, about 12 us on a virtual machine (3 ms a MB); a huge page faults in 2 MB at a time,
  # about 1.8 ms a MB. The server: a burst grows its heap into fresh pages, 300-900 faults a capture
  # in the rounds where it grew (docs/benchmarks.md, "Fourteenth pass"). A one-shot command or verify:
  # every page of its heap is fresh, about 1,900 of a capture's 7,100 faults on JDK 25; farm-bench,
  # the same command with and without, in turn: a capture 0.95x the wall time and 0.92x the CPU on
  # JDK 25 (0.95x and 0.95x on 17), verify 0.85x and 0.87x (0.86x and 0.87x on 17), --version
  # unchanged, for 11-17 MiB more at the process's peak ("Thirtieth pass"). Not the daemon, which
  # grows its heap once and was not measured with them.
  case "$1" in
    command | verify | server) ! thp_offered || jvm_flags+=(-XX:+UseTransparentHugePages) ;;
  esac
  # Since JDK 18 (JEP 416) core reflection calls through method handles, which a one-shot command
  # builds for every field and method picocli, enums and annotations reach once or twice; the
  # native accessors JDK 17 starts with cost a 25 capture about 15 ms of CPU less. Not for the
  # daemon and the server, which serve many captures. JDK 17 has no such property (its inflation
  # threshold made no difference).
  case "$1" in
    command | verify) [ "$2" -lt 18 ] || jvm_flags+=(-Djdk.reflect.useNativeAccessorOnly=true) ;;
  esac
}

# thp_offered: whether the kernel gives a process transparent huge pages when it asks for them
# (mode madvise or always). jvm_flags_thp_setting names the kernel's setting; tests point it at their own file.
thp_offered() {
  local mode=""
  # read, not $(cat ...): no process forked at every server start.
  { read -r mode <"${jvm_flags_thp_setting:-/sys/kernel/mm/transparent_hugepage/enabled}"; } 2>/dev/null \
    || [ -n "$mode" ] || return 1
  case "$mode" in
    *"[madvise]"* | *"[always]"*) return 0 ;;
    *) return 1 ;;
  esac
}
