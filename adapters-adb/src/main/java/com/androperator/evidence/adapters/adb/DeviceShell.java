package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;

/**
 * Runs text commands on a device with the best service it offers: {@code shell,v2,raw:} when the
 * device lists the shell_v2 feature (separate stderr and an exit status), else legacy
 * {@code shell:}. Features are asked per command: a device can be replaced under the same
 * serial, and the query costs one local round trip.
 */
final class DeviceShell {
    private final AdbServerClient client;

    DeviceShell(AdbServerClient client) {
        this.client = client;
    }

    AdbServerClient client() {
        return client;
    }

    AdbServerClient.ServiceKind kindFor(String serial, Deadline deadline) {
        StreamResult features = client.hostQuery("host-serial:" + serial + ":features", deadline);
        return features.completed() && AdbServerClient.features(features.stdoutText()).contains("shell_v2")
                ? AdbServerClient.ServiceKind.SHELL_V2 : AdbServerClient.ServiceKind.SHELL;
    }

    StreamResult run(String serial, String command, Deadline deadline, long cap) {
        return client.run(serial, kindFor(serial, deadline), command, deadline, cap, null);
    }
}
