package com.androperator.evidence.simulator.transport;

import java.util.Objects;

/**
 * What the device announces in its CNXN answer.
 *
 * @param banner for example {@code device::ro.product.model=Sim;features=cmd}; its prefix before
 *     {@code ::} is the state the host shows
 * @param maxPayload the largest payload this device accepts and sends
 */
public record TransportSettings(String banner, int maxPayload) {

    /** What adbd announces since Android 9; the host offers the same. */
    public static final int DEFAULT_MAX_PAYLOAD = 1024 * 1024;

    public TransportSettings {
        Objects.requireNonNull(banner, "banner");
        if (!banner.contains("::")) {
            throw new IllegalArgumentException("banner must be STATE::PROPERTIES, got " + banner);
        }
        if (maxPayload < 256 || maxPayload > 16 * 1024 * 1024) {
            throw new IllegalArgumentException("maxPayload must be 256..16 MiB, got " + maxPayload);
        }
    }
}
