package com.androperator.evidence.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code androperator daemon status|stop}: the capture daemon that {@code ANDROPERATOR_DAEMON=on} uses. */
final class DaemonCommands {
    private DaemonCommands() {
    }

    /**
     * Asks the daemon of this install (the port file bin/androperator names): prints its answer and
     * returns its status, 0; or says that none runs and returns 1.
     */
    static int ask(String kind, Io io) {
        Optional<DaemonFiles> files = DaemonFiles.fromLauncher();
        if (files.isEmpty()) {
            io.err().println("androperator: the capture daemon is bin/androperator's; run this command through it");
            return 1;
        }
        Optional<List<String>> published = files.get().read();
        if (published.isEmpty()) {
            io.out().println("no capture daemon runs for this install (no " + files.get().portFile() + ")");
            return 1;
        }
        try (Socket socket = new Socket(DaemonWire.LOOPBACK, Integer.parseInt(published.get().get(0)))) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            DaemonWire.line(out, DaemonWire.GREETING + " " + published.get().get(1));
            if (!DaemonWire.readLine(in).equals("ok " + published.get().get(2))) {
                io.err().println("androperator: the process on port " + published.get().get(0)
                        + " is not this install's capture daemon");
                return 1;
            }
            out.write((kind + "\0").getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (true) {
                String line = DaemonWire.readLine(in, DaemonWire.MAX_FIELD_BYTES);
                if (line.startsWith("x")) {
                    return Integer.parseInt(line.substring(1));
                }
                io.out().println(line.substring(1));
            }
        } catch (IOException | NumberFormatException gone) {
            io.out().println("no capture daemon runs for this install (" + files.get().portFile() + " names a port "
                    + "where none answers: " + gone.getMessage() + ")");
            return 1;
        }
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
            "first use; it ends after " + DaemonFiles.IDLE_VARIABLE + ",",
            "default " + DaemonFiles.DEFAULT_IDLE_SECONDS + ", with no capture in flight)."})
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
        private final String kind;
        private final Io io;

        Request(String kind, Io io) {
            this.kind = kind;
            this.io = io;
        }

        @Override
        public Integer call() {
            return ask(kind, io);
        }
    }

    @Command(name = "status", description = {"Print the daemon's pid, port and captures served.",
            "Exit 0: one runs; 1: none runs for this install."})
    static final class Status extends Request {
        Status(Io io) {
            super("status", io);
        }
    }

    @Command(name = "stop", description = {"Stop the daemon once the captures in flight have finished.",
            "Exit 0: it was asked to stop; 1: none runs for this install."})
    static final class Stop extends Request {
        Stop(Io io) {
            super("stop", io);
        }
    }
}
