package com.androperator.evidence.cli;

import com.androperator.evidence.daemon.DaemonClient;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code androperator daemon status|stop}: the command line of the capture daemon that
 * {@code ANDROPERATOR_DAEMON=on} uses. The requests themselves are the capture-daemon module's
 * ({@link DaemonClient}); the daemon's own classes live there, not in this edge.
 */
final class ResidentCaptureCommands {
    private ResidentCaptureCommands() {
    }

    static CommandLine group(Io io) {
        CommandLine group = new CommandLine(new Group());
        group.addSubcommand(new Status(io));
        group.addSubcommand(new Stop(io));
        return group;
    }

    @Command(name = "daemon", description = {
            "The capture daemon. With ANDROPERATOR_DAEMON=on, bin/androperator",
            "hands evidence capture to a resident process of yours (started on",
            "first use; it ends after " + DaemonClient.IDLE_VARIABLE + ",",
            "default " + DaemonClient.DEFAULT_IDLE_SECONDS + ", with no capture in flight)."})
    static final class Group implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
        }
    }

    /** A request to the daemon that prints its answer. */
    abstract static class Request implements Callable<Integer> {
        private final DaemonClient.Request request;
        private final Io io;

        Request(DaemonClient.Request request, Io io) {
            this.request = request;
            this.io = io;
        }

        @Override
        public Integer call() {
            return DaemonClient.ask(request, io.out(), io.err());
        }
    }

    @Command(name = "status", description = {"Print the daemon's pid, port and captures served.",
            "Exit 0: one runs; 1: none runs for this install."})
    static final class Status extends Request {
        Status(Io io) {
            super(DaemonClient.Request.STATUS, io);
        }
    }

    @Command(name = "stop", description = {"Stop the daemon once the captures in flight have finished.",
            "Exit 0: it was asked to stop; 1: none runs for this install."})
    static final class Stop extends Request {
        Stop(Io io) {
            super(DaemonClient.Request.STOP, io);
        }
    }
}
