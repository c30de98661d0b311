package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.domain.port.IdSource;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;

/**
 * Evidence ids as random (version 4) UUIDs, made from 16 bytes of the kernel's random source
 * {@code /dev/urandom}, read anew for each id. {@link UUID#randomUUID()} reads the same source
 * through {@code SecureRandom}, whose first use in a JVM loads and sets up the security providers:
 * 17-22 ms of a one-shot capture's critical path on this project's machines, against well under a
 * millisecond for the file (docs/benchmarks.md, "Fourth pass: a CLI capture's cold paths"). Where the file
 * cannot be read whole (not a Unix system, a sandbox), the id is {@link UUID#randomUUID()}'s.
 */
public final class UrandomIds implements IdSource {
    /** The production source. */
    public static final UrandomIds SYSTEM = new UrandomIds("/dev/urandom");

    private static final int UUID_BYTES = 16;
    private final String source;

    UrandomIds(String source) {
        this.source = source;
    }

    @Override
    public String newEvidenceId() {
        byte[] bytes = new byte[UUID_BYTES];
        try (InputStream in = new FileInputStream(source)) {
            if (in.readNBytes(bytes, 0, UUID_BYTES) == UUID_BYTES) {
                return randomUuid(bytes).toString();
            }
        } catch (IOException | SecurityException unreadable) {
            // The JDK's own generator below: slower to start, never absent.
        }
        return UUID.randomUUID().toString();
    }

    /** The version 4 UUID of 16 random bytes: RFC 9562's version (0100) and variant (10) bits set, 122 kept. */
    static UUID randomUuid(byte[] bytes) {
        bytes[6] = (byte) (bytes[6] & 0x0f | 0x40);
        bytes[8] = (byte) (bytes[8] & 0x3f | 0x80);
        long most = 0;
        long least = 0;
        for (int i = 0; i < 8; i++) {
            most = most << 8 | bytes[i] & 0xff;
            least = least << 8 | bytes[i + 8] & 0xff;
        }
        return new UUID(most, least);
    }
}
