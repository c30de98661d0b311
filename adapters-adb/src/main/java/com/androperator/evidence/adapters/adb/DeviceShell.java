package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs text commands on a device with the best service it offers: {@code shell,v2,raw:} when the
 * device lists the shell_v2 feature (separate stderr and an exit status), else legacy
 * {@code shell:}. A device can be replaced under the same serial, so the features are asked again
 * for every deadline; the commands that share one deadline (one capture's metadata reads, one
 * after the other) share one answer, since each query is a connection and a round trip that the
 * MCP server paid four extra times a capture (bench/cpu-profile.sh, issue 26). A command that did
 * not complete (the device went away, the server refused, the connection broke) forgets the answer,
 * so the next command asks again, as it did before answers were shared.
 */
final class DeviceShell {
    private final AdbServerClient client;
    /** The last features answer that completed, for its serial and deadline; replaced or forgotten, never updated. */
    private final AtomicReference<Known> known = new AtomicReference<>();

    private record Known(String serial, Deadline deadline, AdbServerClient.ServiceKind kind) {
    }

    DeviceShell(AdbServerClient client) {
        this.client = client;
    }

    AdbServerClient client() {
        return client;
    }

    /** The device's shell service, asked now. */
    AdbServerClient.ServiceKind kindFor(String serial, Deadline deadline) {
        return kindOf(client.hostQuery("host-serial:" + serial + ":features", deadline));
    }

    StreamResult run(String serial, String command, Deadline deadline, long cap) {
        Known used = knownFor(serial, deadline);
        StreamResult result = client.run(serial, used.kind(), command, deadline, cap, null);
        if (!result.completed()) {
            known.compareAndSet(used, null);
        }
        return result;
    }

    /** The device's shell service, asked once for the commands that share {@code deadline}; a failed query is asked again. */
    private Known knownFor(String serial, Deadline deadline) {
        Known last = known.get();
        if (last != null && last.deadline() == deadline && last.serial().equals(serial)) {
            return last;
        }
        StreamResult features = client.hostQuery("host-serial:" + serial + ":features", deadline);
        Known asked = new Known(serial, deadline, kindOf(features));
        if (features.completed()) {
            known.set(asked);
        }
        return asked;
    }

    private static AdbServerClient.ServiceKind kindOf(StreamResult features) {
        return features.completed() && AdbServerClient.features(features.stdoutText()).contains("shell_v2")
                ? AdbServerClient.ServiceKind.SHELL_V2 : AdbServerClient.ServiceKind.SHELL;
    }
}
