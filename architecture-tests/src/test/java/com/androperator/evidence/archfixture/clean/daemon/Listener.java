package com.androperator.evidence.archfixture.clean.daemon;

import java.io.IOException;
import java.net.ServerSocket;

/** The daemon may listen and handle signals (java.*, sun.misc), and runs its Runner: allowed. */
public final class Listener {
    private final Runner runner;

    public Listener(Runner runner) {
        this.runner = runner;
    }

    public int serveOne() throws IOException {
        sun.misc.Signal.handle(new sun.misc.Signal("HUP"), ignored -> { });
        try (ServerSocket server = new ServerSocket(0)) {
            return runner.run(new String[] {Integer.toString(server.getLocalPort())});
        }
    }
}
