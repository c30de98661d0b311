package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Runs text commands on a device with the best service it offers: {@code shell,v2,raw:} when the
 * device lists the shell_v2 feature (separate stderr and an exit status), else legacy
 * {@code shell:}. A device can be replaced under the same serial, so the features are asked again
 * for every deadline; the commands that share one deadline (one capture's display query, metadata
 * reads and Operator, each a deadline of its own call only through the capture's one budget) share
 * one answer, since each query is a connection and a round trip: three a capture before, one for
 * each adapter, and more in a burst of captures, when one remembered answer was replaced by
 * another capture's (bench/cpu-ab.sh with CPU_AB_PHONES, issue 26). The answers are kept by their
 * deadline's identity and only while it is in use (a capture's deadline is gone when the capture
 * is), so captures at once never take each other's. A command that did not complete (the device
 * went away, the server refused, the connection broke) forgets the answer, so the next command
 * asks again, as it did before answers were shared. One instance serves every adapter of one
 * {@link AdbServerClient} ({@link AdbServerClient#shell()}).
 */
final class DeviceShell {
    private final AdbServerClient client;
    /**
     * The last features answer that completed, by the deadline it was asked under (weakly: an
     * entry goes when its deadline does); replaced or forgotten, never updated.
     */
    private final Map<Deadline, Known> known = Collections.synchronizedMap(new WeakHashMap<>());

    /** An answer for one serial; it holds no reference to its deadline, which would keep the entry. */
    private record Known(String serial, AdbServerClient.ServiceKind kind) {
    }

    DeviceShell(AdbServerClient client) {
        this.client = client;
    }

    AdbServerClient client() {
        return client;
    }

    /** The device's shell service for the commands that share {@code deadline}: asked once, unless a command forgot it. */
    AdbServerClient.ServiceKind kindFor(String serial, Deadline deadline) {
        return knownFor(serial, deadline).kind();
    }

    StreamResult run(String serial, String command, Deadline deadline, long cap) {
        Known used = knownFor(serial, deadline);
        StreamResult result = client.run(serial, used.kind(), command, deadline, cap, null);
        if (!result.completed()) {
            known.remove(deadline, used);
        }
        return result;
    }

    /**
     * {@code command} over {@code kind}, the service {@link #kindFor} answered for this deadline: for
     * a command written for that service alone (another command's failure may have made this
     * deadline's answer be asked again, and the new one may differ).
     */
    StreamResult run(String serial, AdbServerClient.ServiceKind kind, String command, Deadline deadline, long cap) {
        StreamResult result = client.run(serial, kind, command, deadline, cap, null);
        if (!result.completed()) {
            known.remove(deadline, new Known(serial, kind));
        }
        return result;
    }

    /** The device's shell service, asked once for the commands that share {@code deadline}; a failed query is asked again. */
    private Known knownFor(String serial, Deadline deadline) {
        Known last = known.get(deadline);
        if (last != null && last.serial().equals(serial)) {
            return last;
        }
        StreamResult features = client.hostQuery("host-serial:" + serial + ":features", deadline);
        Known asked = new Known(serial, kindOf(features));
        if (features.completed()) {
            known.put(deadline, asked);
        }
        return asked;
    }

    private static AdbServerClient.ServiceKind kindOf(StreamResult features) {
        return features.completed() && AdbServerClient.features(features.stdoutText()).contains("shell_v2")
                ? AdbServerClient.ServiceKind.SHELL_V2 : AdbServerClient.ServiceKind.SHELL;
    }
}
