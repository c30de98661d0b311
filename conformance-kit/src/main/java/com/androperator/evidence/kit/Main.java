package com.androperator.evidence.kit;

import com.androperator.evidence.kit.engine.KitSettings;
import com.androperator.evidence.kit.engine.Outcome;
import com.androperator.evidence.kit.engine.Runner;
import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.Workspace;
import com.androperator.evidence.kit.report.Reports;
import com.androperator.evidence.kit.scenario.Catalog;
import com.androperator.evidence.kit.video.VideoHost;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code androperator-conformance}: runs the scenarios against an implementation and reports. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        System.exit(run(args, out, err));
    }

    /** The whole command; returns its exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        KitOptions options;
        List<Scenario> scenarios;
        try {
            options = KitOptions.parse(args);
            scenarios = Catalog.select(options.only());
        } catch (KitOptions.UsageException | IllegalArgumentException e) {
            err.println("androperator-conformance: " + e.getMessage());
            err.println(KitOptions.USAGE);
            return 2;
        }
        if (options.help()) {
            out.println(KitOptions.USAGE);
            return 0;
        }
        if (options.list()) {
            Reports.table(out, scenarios);
            return 0;
        }
        try {
            AdbServerHarness.locateAdb();
        } catch (IllegalStateException e) {
            err.println("androperator-conformance: " + e.getMessage());
            return 1;
        }
        VideoHost video = VideoHost.find(options.ffmpeg(), System.getenv("PATH"));
        if (!video.usable() && options.ffmpeg() == null) {
            video = fromMavenRepository(video, err);
        }
        if (!video.usable()) {
            err.println("androperator-conformance: video scenarios cannot run: " + video.problem());
        }
        Path workspaces;
        try {
            workspaces = Files.createTempDirectory("androperator-conformance-");
        } catch (IOException e) {
            err.println("androperator-conformance: cannot create a temporary directory: " + e.getMessage());
            return 1;
        }
        KitSettings settings = new KitSettings(options.cli(), options.mcp(), video, workspaces, options.keep());
        out.println("androperator-conformance: " + scenarios.size() + " scenarios against"
                + (options.cli() == null ? "" : " --cli " + options.cli())
                + (options.mcp() == null ? "" : " --mcp " + options.mcp()));
        Instant started = Instant.now();
        long start = System.nanoTime();
        List<Outcome> outcomes = new Runner(settings, err).run(scenarios, outcome -> Reports.line(out, outcome));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (options.report() != null) {
            Reports.write(options.report(), outcomes, options.cli(), options.mcp(), started, millis);
            out.println("reports: " + options.report().resolve(Reports.JUNIT_FILE) + ", "
                    + options.report().resolve(Reports.JSON_FILE));
        }
        if (options.keep()) {
            out.println("workspaces kept in " + workspaces);
        } else {
            Workspace.deleteTree(workspaces);
        }
        out.printf("run time %.1f s%n", millis / 1000.0);
        Reports.summary(out, outcomes);
        return Reports.count(outcomes, Outcome.Status.FAILED) == 0 ? 0 : 1;
    }

    /** The ffmpeg 6.1.1 this project's build downloaded, when PATH has none that is usable. */
    private static VideoHost fromMavenRepository(VideoHost onPath, PrintStream err) {
        try {
            java.util.Optional<Path> directory = com.androperator.evidence.kit.video.MavenFfmpeg.unpacked(
                    Path.of(System.getProperty("user.home")), System.getenv("XDG_CACHE_HOME"));
            if (directory.isEmpty()) {
                return onPath;
            }
            VideoHost unpacked = VideoHost.find(directory.get(), null);
            if (unpacked.usable()) {
                err.println("androperator-conformance: " + onPath.problem() + "; using the ffmpeg 6.1.1 of the local Maven "
                        + "repository, unpacked in " + directory.get());
                return unpacked;
            }
            return onPath;
        } catch (IOException e) {
            err.println("androperator-conformance: cannot unpack ffmpeg from the local Maven repository: " + e.getMessage());
            return onPath;
        }
    }
}
