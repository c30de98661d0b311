package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;

/**
 * Runs text commands on a device with the best service it offers: {@code shell,v2,raw:} when the
 * device lists the shell_v2 feature (separate stderr and an exit status), else legacy
 * {@code shell:}. A device can be replaced under the same serial, so the features are asked again
 * for every deadline; the commands that share one deadline (one capture's metadata reads, one
 * after the other) share one answer, since each query is a connection and a round trip that the
 * MCP server paid four extra times a capture (bench/cpu-profile.sh, issue 26).
 */
final class DeviceShell {
    private final AdbServerClient client;
    /** The last features answer that completed, for its serial and deadline; replaced, never updated. */
    private volatile Known known;

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
        return client.run(serial, kindWithin(serial, deadline), command, deadline, cap, null);
    }

    /** The device's shell service, asked once for the commands that share {@code deadline}; a failed query is asked again. */
    private AdbServerClient.ServiceKind kindWithin(String serial, Deadline deadline) {
        Known last = known;
        if (last != null && last.deadline() == deadline && last.serial().equals(serial)) {
            return last.kind();
        }
        StreamResult features = client.hostQuery("host-serial:" + serial + ":features", deadline);
        AdbServerClient.ServiceKind kind = kindOf(features);
        if (features.completed()) {
            known = new Known(serial, deadline, kind);
        }
        return kind;
    }

    private static AdbServerClient.ServiceKind kindOf(StreamResult features) {
        return features.completed() && AdbServerClient.features(features.stdoutText()).contains("shell_v2")
                ? AdbServerClient.ServiceKind.SHELL_V2 : AdbServerClient.ServiceKind.SHELL;
    }
}
