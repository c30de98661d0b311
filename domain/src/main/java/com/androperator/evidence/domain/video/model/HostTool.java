package com.androperator.evidence.domain.video.model;

/** The host executables that managed video needs on PATH. */
public enum HostTool {
    SCRCPY("scrcpy"),
    FFMPEG("ffmpeg"),
    FFPROBE("ffprobe");

    private final String command;

    HostTool(String command) {
        this.command = command;
    }

    /** The executable's name on PATH, also its name in error details. */
    public String command() {
        return command;
    }
}
