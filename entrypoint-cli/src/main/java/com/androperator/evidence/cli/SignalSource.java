package com.androperator.evidence.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Where the signals that interrupt a command come from: this process's own SIGINT and SIGTERM, or,
 * for a capture the daemon runs, the signals its client process received and forwarded
 * ({@link MainCaptureRunner}).
 */
interface SignalSource {

    /**
     * Hands each signal to {@code handler} as its name ({@code "SIGINT"}) and number until the
     * subscription is closed.
     */
    Subscription subscribe(BiConsumer<String, Integer> handler);

    /** Ends a subscription: the signals' previous handling is back. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * This process's SIGINT and SIGTERM through {@code sun.misc.Signal} (module jdk.unsupported,
     * part of every JDK 17): see {@link Interruption} for why not a shutdown hook. On a JVM started
     * with -Xrs, where handlers cannot be installed, the JVM's own handling remains.
     */
    SignalSource PROCESS = handler -> {
        Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal signal = new Signal(name);
                previous.put(signal, Signal.handle(signal, s -> handler.accept("SIG" + s.getName(), s.getNumber())));
            } catch (IllegalArgumentException unavailable) {
                // -Xrs, or a signal the platform reserves: the JVM's default handling stays in place.
            }
        }
        return () -> previous.forEach(Signal::handle);
    };
}
