package com.androperator.evidence.kit.engine;

import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Runs scenarios one after another, each on its own adb server, phone and workspace, and turns
 * each into an {@link Outcome}. A scenario whose surface was not given (no --cli, no --mcp) is
 * skipped; one that records video without a usable ffmpeg fails as not run.
 */
public final class Runner {
    /** How long processes started for a scenario (a detached video worker) get to end on their own. */
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final KitSettings settings;
    private final PrintStream diagnostics;

    public Runner(KitSettings settings, PrintStream diagnostics) {
        this.settings = settings;
        this.diagnostics = diagnostics;
    }

    public List<Outcome> run(List<Scenario> scenarios, Consumer<Outcome> each) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            Outcome outcome = run(scenario);
            outcomes.add(outcome);
            each.accept(outcome);
        }
        return outcomes;
    }

    Outcome run(Scenario scenario) {
        if (scenario.surface().needsCli() && settings.cli() == null) {
            return skipped(scenario, "no --cli given");
        }
        if (scenario.surface().needsMcp() && settings.mcp() == null) {
            return skipped(scenario, "no --mcp given");
        }
        if (scenario.needsRealFfmpeg() && !settings.video().usable()) {
            String why = "not run: no ffmpeg 6.1+ (" + settings.video().problem() + "); give --ffmpeg DIR";
            return new Outcome(scenario, Outcome.Status.FAILED,
                    List.of(new Finding("video host tools", "ffmpeg 6.1+ with libx264 and ffprobe", why, false)), 0, why);
        }
        long started = System.nanoTime();
        Workspace workspace = Workspace.create(settings.workspaces(), scenario.name());
        List<Finding> findings = new ArrayList<>();
        try (PrivateAdbLab lab = PrivateAdbLab.start()) {
            ScenarioRun run = null;
            try {
                run = new ScenarioRun(scenario, settings, workspace, lab);
                scenario.body().run(run);
            } catch (Verdict.ScenarioAbort abort) {
                // Its finding is recorded; nothing after it could be judged.
            } catch (Exception | AssertionError e) {
                findings.add(new Finding("the scenario ran to its end", "no error", describe(e), false));
            } finally {
                if (run != null) {
                    run.closeSessions();
                    findings.addAll(0, run.verdict().findings());
                }
                endLeftovers(workspace);
            }
        } catch (IllegalStateException e) {
            findings.add(new Finding("a private adb server and phone", "running (Debian's adb on PATH)", describe(e), false));
        } finally {
            if (!settings.keep()) {
                workspace.delete();
            }
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        return new Outcome(scenario, findings.isEmpty() ? Outcome.Status.PASSED : Outcome.Status.FAILED, findings,
                millis, null);
    }

    private static Outcome skipped(Scenario scenario, String why) {
        return new Outcome(scenario, Outcome.Status.SKIPPED, List.of(), 0, why);
    }

    /**
     * Processes whose command line names this workspace (a detached video worker, a recorder) are
     * given time to end, then ended: the next scenario must not share the host with them.
     */
    private void endLeftovers(Workspace workspace) {
        String needle = workspace.root().toString();
        long deadline = System.nanoTime() + LINGER_NANOS;
        while (true) {
            List<ProcessHandle> left = ProcessHandle.allProcesses()
                    .filter(p -> p.info().commandLine().map(line -> line.contains(needle)).orElse(false))
                    .toList();
            if (left.isEmpty()) {
                return;
            }
            if (System.nanoTime() - deadline >= 0) {
                left.forEach(p -> {
                    diagnostics.println("androperator-conformance: ending leftover process " + p.pid() + " of "
                            + workspace.root().getFileName());
                    p.destroyForcibly();
                });
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
