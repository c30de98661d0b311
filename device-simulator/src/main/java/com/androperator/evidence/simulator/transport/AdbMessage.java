package com.androperator.evidence.simulator.transport;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * One adb transport message: a command, its two arguments and the payload. The payload array is
 * not copied (screenshots travel through here); callers must not change it after handing it over.
 */
public record AdbMessage(int command, int arg0, int arg1, byte[] payload) {

    public AdbMessage {
        Objects.requireNonNull(payload, "payload");
    }

    public static AdbMessage of(int command, int arg0, int arg1) {
        return new AdbMessage(command, arg0, arg1, new byte[0]);
    }

    public static AdbMessage of(int command, int arg0, int arg1, String payload) {
        return new AdbMessage(command, arg0, arg1, payload.getBytes(StandardCharsets.UTF_8));
    }

    /** The payload as text with trailing NULs removed (service names and banners end in one). */
    public String payloadText() {
        int end = payload.length;
        while (end > 0 && payload[end - 1] == 0) {
            end--;
        }
        return new String(payload, 0, end, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AdbMessage that
                && command == that.command
                && arg0 == that.arg0
                && arg1 == that.arg1
                && Arrays.equals(payload, that.payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(command, arg0, arg1, Arrays.hashCode(payload));
    }

    @Override
    public String toString() {
        return AdbCommand.name(command) + "(" + Integer.toUnsignedString(arg0) + ", "
                + Integer.toUnsignedString(arg1) + ", " + payload.length + " bytes)";
    }
}
