package com.androperator.evidence.daemon;

/**
 * The command the daemon runs for each client: the CLI's {@code Main.run}, which entrypoint-cli
 * registers as a {@link java.util.ServiceLoader} provider so that this module needs nothing of the
 * command line (the CLI depends on the daemon, not the other way round).
 */
public interface CaptureRunner {

    /** Runs the invocation as its own process would and returns its exit status. */
    int run(CaptureInvocation invocation);
}
