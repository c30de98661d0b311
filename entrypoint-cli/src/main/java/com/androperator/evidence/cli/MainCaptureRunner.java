package com.androperator.evidence.cli;

import com.androperator.evidence.daemon.CaptureInvocation;
import com.androperator.evidence.daemon.CaptureRunner;

/**
 * The capture daemon's command: {@link Main#run} with the client's {@link Io}, its signals those the
 * client forwarded. Registered in META-INF/services, where the daemon (which knows nothing of this
 * edge) finds it in the shaded jar.
 */
public final class MainCaptureRunner implements CaptureRunner {

    @Override
    public int run(CaptureInvocation invocation) {
        SignalSource forwarded = handler -> invocation.signals().subscribe(handler)::close;
        Io io = new Io(invocation.out(), invocation.err(), invocation.environment(), invocation.workingDirectory(),
                forwarded, invocation.errIsTerminal());
        return Main.run(invocation.args().toArray(String[]::new), io);
    }
}
