package com.androperator.evidence.simulator.shell;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A shell-like service string as the host opens it: {@code exec:CMD}, legacy {@code shell:CMD},
 * or {@code shell,v2,TERM=xterm,raw:CMD} with any options between {@code shell} and the colon.
 *
 * @param mode how output travels back
 * @param options the comma-separated options before the colon (empty for exec and legacy shell)
 * @param command the command line, still shell-quoted
 */
public record ServiceRequest(OutputMode mode, List<String> options, String command) {

    /** How a service's output is carried on its stream. */
    public enum OutputMode {
        /** {@code exec:}: raw bytes, stderr merged into stdout, no exit status. */
        EXEC,
        /** Legacy {@code shell:}: the same raw merged form. */
        SHELL,
        /** {@code shell,v2,...:}: {@code [id][len][data]} frames with an exit frame last. */
        SHELL_V2
    }

    public ServiceRequest {
        Objects.requireNonNull(mode, "mode");
        options = List.copyOf(options);
        Objects.requireNonNull(command, "command");
    }

    /** Parses a service string; empty for services that are not shell-like (sync:, tcpip:...). */
    public static Optional<ServiceRequest> parse(String service) {
        if (service.startsWith("exec:")) {
            return Optional.of(new ServiceRequest(OutputMode.EXEC, List.of(),
                    service.substring("exec:".length())));
        }
        if (!service.startsWith("shell")) {
            return Optional.empty();
        }
        int colon = service.indexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        String head = service.substring("shell".length(), colon);
        if (!head.isEmpty() && !head.startsWith(",")) {
            return Optional.empty();
        }
        List<String> options = head.isEmpty() ? List.of()
                : List.of(head.substring(1).split(",", -1));
        OutputMode mode = options.contains("v2") ? OutputMode.SHELL_V2 : OutputMode.SHELL;
        return Optional.of(new ServiceRequest(mode, options, service.substring(colon + 1)));
    }
}
