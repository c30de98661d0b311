package com.androperator.evidence.adapters.media.video;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Ties every media subprocess (scrcpy, ffmpeg, ffprobe) to the life of the Java process that
 * started it, so that a worker that dies in any way, SIGKILL included, takes them with it.
 *
 * <p>The command runs under a small bash guard. Its stdin is a pipe whose write end only the
 * starting JVM holds and never writes to; the kernel closes that end when the JVM ends, however
 * it ends. The guard starts the command as its own process group (job control), with stdin
 * /dev/null, and inside that group a watchdog that blocks reading the pipe: at end of file it
 * kills its own process group with SIGKILL, which takes the command and everything it started
 * that stayed in the group. Because the watchdog is a member of the group it signals, the group
 * ID it names is always the live one; nothing is signalled by a remembered PID. SIGINT and
 * SIGTERM sent to the guard are passed to the command alone (scrcpy's graceful stop); the guard
 * exits with the command's status. The command ignores SIGXFSZ, so that a file-size limit shows
 * as the EFBIG it reports. Writing {@code release} to the pipe dismisses the watchdog
 * (used for a recorder that ignored SIGINT: the spec leaves it to its own --time-limit). After
 * the guard has exited the JVM closes the pipe, and the watchdog then removes whatever the
 * command left behind in its group.
 *
 * <p>A JVM started with SIGINT ignored (by nohup, or as a background job of a script without job
 * control) hands that to every child, and neither bash nor the recorder may then catch it: the
 * graceful stop would never reach scrcpy. So when this JVM ignores SIGINT, the guard is started
 * through {@code env --default-signal=INT} (coreutils 8.31 and later), which restores the signal's
 * default action for the guard and the command alone; this JVM keeps ignoring it.
 *
 * <p>Limits: a descendant that leaves the group (setsid, or a daemon such as an adb server the
 * recorder started) is not taken; a worker that hangs without dying keeps its children (the
 * recorder's --time-limit and the worker's own deadlines bound them); without bash on the host
 * the command runs unguarded.
 */
final class MediaProcessGuard {
    static final String NAME = "androperator-media-guard";
    static final String RELEASE = "release";
    private static final List<String> BASH = List.of("/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash");
    private static final String SCRIPT = String.join("\n",
            "set -m",
            "exec 3<&0 4>&2 2>/dev/null",
            "(",
            "  { IFS= read -r line <&3; [ \"$line\" = " + RELEASE + " ] && exit 0; kill -KILL 0; } </dev/null >/dev/null 2>&1 4>&- &",
            "  exec 3<&- 2>&4 4>&- </dev/null",
            // A write past a file-size limit then fails with EFBIG, which the command reports, instead of
            // SIGXFSZ killing it without a word (the JVM ignores the signal for itself, not for its children).
            "  trap '' XFSZ",
            "  exec \"$@\"",
            ") &",
            "child=$!",
            "exec 3<&- </dev/null",
            "signalled=0",
            "trap 'signalled=1; kill -INT \"$child\" 2>/dev/null' INT",
            "trap 'signalled=1; kill -TERM \"$child\" 2>/dev/null' TERM",
            // An interrupted wait returns above 128 without consuming the status; wait again. A
            // signal that came just after the command was waited for makes the next wait say 127.
            "status=",
            "last=",
            "while [ -z \"$status\" ]; do",
            "  signalled=0",
            "  wait \"$child\"",
            "  s=$?",
            "  if [ \"$signalled\" = 0 ] || [ \"$s\" -le 128 ]; then status=$s",
            "  elif [ -n \"$last\" ] && [ \"$s\" = 127 ]; then status=$last",
            "  else last=$s",
            "  fi",
            "done",
            "exit \"$status\"",
            "");

    private static final Optional<String> BASH_PATH = BASH.stream()
            .filter(candidate -> Files.isExecutable(Path.of(candidate))).findFirst();
    private static final List<String> ENV = List.of("/usr/bin/env", "/bin/env");
    private static final String DEFAULT_SIGINT = "--default-signal=INT";
    /** SIGINT's bit in /proc's SigIgn mask (signal n is bit n - 1). */
    private static final long SIGINT_BIT = 1L << 1;
    /** The env(1) that restores SIGINT for the guard, when this JVM ignores it and env can. */
    private static final Optional<String> SIGINT_RESTORER = ignoresSigint(Path.of("/proc/self/status"))
            ? ENV.stream().filter(MediaProcessGuard::restoresSigint).findFirst() : Optional.empty();

    private MediaProcessGuard() {
    }

    /**
     * The guarded command line; the command itself where the host has no bash. Either is started
     * through {@code env --default-signal=INT} when this JVM ignores SIGINT and env can restore it.
     */
    static List<String> wrap(List<String> command) {
        return wrap(command, SIGINT_RESTORER);
    }

    /** {@link #wrap(List)} with {@code restorer}, the env(1) that gives the guard SIGINT's default action, if any. */
    static List<String> wrap(List<String> command, Optional<String> restorer) {
        List<String> guarded = new ArrayList<>();
        restorer.ifPresent(env -> guarded.addAll(List.of(env, DEFAULT_SIGINT)));
        BASH_PATH.ifPresent(bash -> guarded.addAll(List.of(bash, "-c", SCRIPT, NAME)));
        guarded.addAll(command);
        return guarded;
    }

    /** Whether the process whose status file this is ignores SIGINT; false when the file cannot say. */
    static boolean ignoresSigint(Path procStatus) {
        try {
            for (String line : Files.readAllLines(procStatus, StandardCharsets.US_ASCII)) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16) & SIGINT_BIT) != 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or an unreadable /proc: nothing known to restore.
        }
        return false;
    }

    /** Whether {@code env} exists and takes --default-signal (coreutils 8.31 and later). */
    static boolean restoresSigint(String env) {
        return Files.isExecutable(Path.of(env)) && QuickCommand.succeeds(env, DEFAULT_SIGINT, "true");
    }

    /** Whether commands run guarded on this host. */
    static boolean available() {
        return BASH_PATH.isPresent();
    }

    /** Dismisses the watchdog: the command outlives this JVM (a recorder bounded by its own time limit). */
    static void release(Process process) {
        try {
            OutputStream watch = process.getOutputStream();
            watch.write((RELEASE + "\n").getBytes(StandardCharsets.US_ASCII));
            watch.flush();
        } catch (IOException e) {
            // The guard is gone already; there is nothing left to dismiss.
        }
    }

    /** Closes the watch pipe: once the guard has exited, the watchdog removes what the command left in its group. */
    static void close(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already closed, or the guard is gone.
        }
    }
}
