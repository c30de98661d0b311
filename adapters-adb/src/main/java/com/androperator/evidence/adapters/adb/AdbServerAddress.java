package com.androperator.evidence.adapters.adb;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the adb server listens, read from the environment the way adb reads it:
 * {@code ADB_SERVER_SOCKET=tcp:HOST:PORT} wins (it can name a device farm's remote server), else
 * {@code ANDROID_ADB_SERVER_PORT} on 127.0.0.1, else 127.0.0.1:5037.
 *
 * @param host   host name or address (IPv6 without brackets)
 * @param port   TCP port
 * @param source which setting chose it, for messages
 */
public record AdbServerAddress(String host, int port, String source) {
    public static final int DEFAULT_PORT = 5037;
    static final String LOOPBACK = "127.0.0.1";
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");

    /** The address, or a message saying which setting is wrong. */
    public sealed interface Resolution {
        record Resolved(AdbServerAddress address) implements Resolution {
        }

        record Invalid(String message) implements Resolution {
        }
    }

    public static Resolution fromEnvironment(Map<String, String> environment) {
        String socket = environment.get("ADB_SERVER_SOCKET");
        if (socket != null && !socket.isBlank()) {
            return parseSocketSpec(socket.strip());
        }
        String port = environment.get("ANDROID_ADB_SERVER_PORT");
        if (port != null && !port.isBlank()) {
            return parsePort(port.strip())
                    .<Resolution>map(p -> new Resolution.Resolved(
                            new AdbServerAddress(LOOPBACK, p, "ANDROID_ADB_SERVER_PORT")))
                    .orElseGet(() -> new Resolution.Invalid("ANDROID_ADB_SERVER_PORT=" + port
                            + " is not a TCP port (1..65535)"));
        }
        return new Resolution.Resolved(new AdbServerAddress(LOOPBACK, DEFAULT_PORT, "default"));
    }

    /** True when the server is on this machine, so starting one with {@code adb start-server} makes sense. */
    public boolean local() {
        return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    private static Resolution parseSocketSpec(String spec) {
        Resolution invalid = new Resolution.Invalid("ADB_SERVER_SOCKET=" + spec
                + " is not tcp:HOST:PORT (or tcp:PORT)");
        if (!spec.startsWith("tcp:")) {
            return invalid;
        }
        String rest = spec.substring("tcp:".length());
        String host;
        String port;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 0 || close + 1 >= rest.length() || rest.charAt(close + 1) != ':') {
                return invalid;
            }
            host = rest.substring(1, close);
            port = rest.substring(close + 2);
        } else {
            int colon = rest.lastIndexOf(':');
            host = colon < 0 ? LOOPBACK : rest.substring(0, colon);
            port = colon < 0 ? rest : rest.substring(colon + 1);
        }
        if (host.isEmpty() || host.indexOf(':') >= 0 && !rest.startsWith("[")) {
            return invalid;
        }
        String chosenHost = host;
        return parsePort(port)
                .<Resolution>map(p -> new Resolution.Resolved(
                        new AdbServerAddress(chosenHost, p, "ADB_SERVER_SOCKET")))
                .orElse(invalid);
    }

    private static Optional<Integer> parsePort(String text) {
        if (!PORT.matcher(text).matches()) {
            return Optional.empty();
        }
        int port = Integer.parseInt(text);
        return port >= 1 && port <= 65_535 ? Optional.of(port) : Optional.empty();
    }
}
