package com.androperator.evidence.daemon;

import java.util.function.BiConsumer;

/**
 * The signals a daemon client received and forwarded ({@link ForwardedSignals}), as the command
 * the daemon runs subscribes to them in place of its process's own.
 */
public interface ClientSignals {

    /** Hands each signal to {@code handler} as its name ({@code "SIGINT"}) and number until the subscription is closed. */
    Subscription subscribe(BiConsumer<String, Integer> handler);

    /** Ends a subscription. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}
