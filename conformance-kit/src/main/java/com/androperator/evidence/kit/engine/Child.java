package com.androperator.evidence.kit.engine;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the implementation under test as a child process. The caller's command prefix is shell
 * text ({@code bin/androperator}, {@code node /opt/tool/cli.js}, {@code FOO=1 androperator}): it
 * runs as {@code bash -c 'PREFIX "$@"'} with the kit's arguments passed as positional parameters,
 * so no argument the kit appends is ever re-parsed by a shell.
 */
public final class Child {
    /** A hung child is ended after this; far above any capture's budget, not a timing expectation. */
    public static final Duration HANG_LIMIT = Duration.ofSeconds(180);

    private Child() {
    }

    /** What a finished child did. {@code hung} means it was killed at the hang limit. */
    public record Result(int exit, String stdout, String stderr, long millis, boolean hung) {
        /** The end of stderr, for a finding's actual side. */
        public String stderrTail() {
            String text = stderr.strip();
            return text.length() <= 600 ? text : "..." + text.substring(text.length() - 600);
        }

        public String describe() {
            return "exit " + exit + (hung ? " (killed: hung)" : "") + ", stdout " + abbreviate(stdout.strip())
                    + (stderr.isBlank() ? "" : ", stderr " + abbreviate(stderrTail()));
        }
    }

    /** The command line for {@code prefix} followed by {@code args}. */
    public static List<String> command(String prefix, List<String> args) {
        List<String> command = new ArrayList<>(List.of("bash", "-c", prefix + " \"$@\"", "androperator-under-test"));
        command.addAll(args);
        return command;
    }

    /**
     * Runs to completion with stdin from /dev/null; stdout and stderr go to files in {@code scratch}
     * (so a chatty child never blocks on a full pipe) and are read back as UTF-8.
     */
    public static Result run(List<String> command, Map<String, String> environment, Path directory, Path scratch) {
        long started = System.nanoTime();
        try {
            Path out = Files.createTempFile(scratch, "stdout-", ".txt");
            Path err = Files.createTempFile(scratch, "stderr-", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process process = builder.start();
            boolean hung = !process.waitFor(HANG_LIMIT.toSeconds(), TimeUnit.SECONDS);
            if (hung) {
                destroyTree(process.toHandle());
                process.waitFor();
            }
            Result result = new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), hung);
            Files.delete(out);
            Files.delete(err);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    /** Kills a process and everything it started that is still its descendant. */
    public static void destroyTree(ProcessHandle process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    static String abbreviate(String text) {
        String oneLine = text.replace("\n", "\\n");
        return oneLine.length() <= 400 ? oneLine : oneLine.substring(0, 400) + "...";
    }
}
