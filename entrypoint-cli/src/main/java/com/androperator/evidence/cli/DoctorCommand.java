package com.androperator.evidence.cli;

import com.androperator.evidence.api.video.DoctorReport;
import com.androperator.evidence.api.video.EvidenceVideo;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code androperator doctor}: the evidence part of the host checks, host.video.dependencies. It
 * is advisory: a warning never fails the command or blocks device readiness, and nothing is
 * installed, with or without {@code --fix}.
 */
@Command(name = "doctor", sortOptions = false,
        description = {"Check the host for evidence recording: scrcpy 3.0+, ffmpeg 6.1+ with libx264, ffprobe on PATH.",
                "Advisory: prints {\"checks\":[...]} and exits 0 whether the check passes or warns."})
final class DoctorCommand implements Callable<Integer> {
    @Option(names = CliTerms.DEVICE, paramLabel = "<serial>", description = "The device the report is about (host tooling only).")
    String device;

    @Option(names = "--fix", description = "Accepted for compatibility; the video dependency check never installs anything.")
    boolean fix;

    @Mixin
    OutputOption format;

    private final EvidenceVideo video;
    private final Io io;

    DoctorCommand(EvidenceVideo video, Io io) {
        this.video = video;
        this.io = io;
    }

    @Override
    public Integer call() {
        var badFormat = format.refusal();
        if (badFormat.isPresent()) {
            return io.refuse(badFormat.get(), false);
        }
        DoctorReport report = video.doctor(Optional.ofNullable(device));
        ResultPrinter.print(report, format.pretty(), io.out());
        return 0;
    }
}
