package com.androperator.evidence.simulator.harness;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** One finished {@code adb} client run. */
public record AdbInvocation(List<String> command, int exitCode, byte[] stdout, byte[] stderr) {

    public AdbInvocation {
        command = List.copyOf(command);
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
    }

    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    public String stderrText() {
        return new String(stderr, StandardCharsets.UTF_8);
    }

    /** Both streams as text, which is where adb puts its messages depending on the version. */
    public String text() {
        return stdoutText() + stderrText();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AdbInvocation that && command.equals(that.command)
                && exitCode == that.exitCode && Arrays.equals(stdout, that.stdout)
                && Arrays.equals(stderr, that.stderr);
    }

    @Override
    public int hashCode() {
        return Objects.hash(command, exitCode, Arrays.hashCode(stdout), Arrays.hashCode(stderr));
    }

    @Override
    public String toString() {
        return "AdbInvocation" + command + " exit " + exitCode + ", stdout " + stdout.length
                + " bytes, stderr: " + stderrText().strip();
    }
}
