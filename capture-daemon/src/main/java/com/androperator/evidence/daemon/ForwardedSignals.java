package com.androperator.evidence.daemon;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.BiConsumer;

/**
 * A daemon client's signals, read from its connection while its capture runs ({@link DaemonWire}):
 * {@code i2} and {@code i15} are a SIGINT and a SIGTERM the client received. The connection's end
 * (the client was killed) counts as SIGHUP, so the capture is cancelled and its bundle still
 * finalized. A signal that arrives before the command subscribes is handed over when it does.
 */
final class ForwardedSignals implements ClientSignals {
    private BiConsumer<String, Integer> handler;
    private String pendingName;
    private int pendingNumber;

    ForwardedSignals(InputStream in) {
        Thread reader = new Thread(() -> read(in), "daemon-signals");
        reader.setDaemon(true);
        reader.start();
    }

    private void read(InputStream in) {
        try {
            while (true) {
                String line = DaemonWire.readLine(in);
                if (line.equals("i2")) {
                    interrupt("SIGINT", 2);
                } else if (line.equals("i15")) {
                    interrupt("SIGTERM", 15);
                } else {
                    throw new IOException("unexpected line from the client");
                }
            }
        } catch (IOException ended) {
            interrupt("SIGHUP", 1);
        }
    }

    /** A signal for the capture: the client's, or the daemon's own SIGTERM passed on to every capture in flight. */
    void interrupt(String name, int number) {
        BiConsumer<String, Integer> current;
        synchronized (this) {
            current = handler;
            if (current == null) {
                pendingName = name;
                pendingNumber = number;
                return;
            }
        }
        current.accept(name, number);
    }

    @Override
    public Subscription subscribe(BiConsumer<String, Integer> newHandler) {
        String name;
        int number;
        synchronized (this) {
            handler = newHandler;
            name = pendingName;
            number = pendingNumber;
            pendingName = null;
        }
        if (name != null) {
            newHandler.accept(name, number);
        }
        return () -> {
            synchronized (this) {
                handler = null;
            }
        };
    }
}
