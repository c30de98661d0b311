package com.androperator.evidence.adapters.media.video;

import java.nio.charset.StandardCharsets;

/**
 * One bounded subprocess run: how it ended, its exit status (-1 when it never exited on its own),
 * and the output retained from each stream.
 */
public record ProcessRun(Termination termination, int exitStatus, byte[] stdout, byte[] stderr, String launchError) {

    public enum Termination {
        /** The process exited by itself; see {@code exitStatus}. */
        EXITED,
        /** The hard deadline passed; the process was killed. */
        DEADLINE,
        /** Its combined output passed the cap; the process was killed. */
        OUTPUT_LIMIT,
        /** The executable does not exist (ENOENT). */
        NOT_FOUND,
        /** The executable exists but could not be started (permissions, format, resources). */
        LAUNCH_FAILED
    }

    public ProcessRun {
        stdout = stdout == null ? new byte[0] : stdout;
        stderr = stderr == null ? new byte[0] : stderr;
    }

    public boolean exitedWith(int status) {
        return termination == Termination.EXITED && exitStatus == status;
    }

    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    public String stderrText() {
        return new String(stderr, StandardCharsets.UTF_8);
    }

    /** A short description of how the run ended, for error messages. */
    public String describe() {
        return switch (termination) {
            case EXITED -> "exit status " + exitStatus;
            case DEADLINE -> "killed at its deadline";
            case OUTPUT_LIMIT -> "killed after exceeding its output limit";
            case NOT_FOUND -> "not found (" + launchError + ")";
            case LAUNCH_FAILED -> "could not be started (" + launchError + ")";
        };
    }

    /** The last non-blank line of stderr (or stdout), trimmed to at most 400 characters. */
    public String diagnosticTail() {
        String text = stderr.length > 0 ? stderrText() : stdoutText();
        String[] lines = text.strip().split("\\R");
        String last = lines.length == 0 ? "" : lines[lines.length - 1].strip();
        return last.length() > 400 ? last.substring(0, 400) + "..." : last;
    }
}
