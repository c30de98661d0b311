package com.androperator.evidence.simulator.recorded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The real devices' outputs kept in this module's {@code realworld/} resources, verbatim from
 * public sources ({@code realworld/SOURCES.md} names each file's repository, commit and path;
 * {@code realworld/truth.json} says what a correct reader extracts). One folder per device.
 */
public final class RealWorldCorpus {
    /** The resource folder of the corpus. */
    public static final String ROOT = "realworld";
    /** Every device folder of the corpus, as {@code truth.json} lists them. */
    public static final List<String> DEVICES = List.of(
            "smartron-t5911-a8.1",
            "emulator-sdk_gphone_x86-a9",
            "mtk-tb8168p1-a13",
            "honor-1224x2700",
            "vivo-tablet-2064x3096",
            "samsung-sm-s936b-a16",
            "bluestacks-1080x1920",
            "futu-cn-1080x1920",
            "pixel3xl-like-1440x2960-a12",
            "xiaomi-pad6-23043rp34g-a14",
            "poco-f6-24069pc21i-a15",
            "pixel8pro-husky-a16",
            "pixel9profold-emulator-api37",
            "sunmi-t2s-lite-a9",
            "posiflex-hs3314-a9",
            "vivo-mt6835-720x1612",
            "vivo-x9-a7.1.2",
            "motorola-edge20-a13");

    private RealWorldCorpus() {
    }

    /** The classpath resource name of one recorded file. */
    public static String resource(String device, String file) {
        return ROOT + "/" + device + "/" + file;
    }

    /** A recorded file's bytes, or empty when the device's folder has no such file. */
    public static Optional<byte[]> bytes(String device, String file) {
        return bytes(resource(device, file));
    }

    /** A recorded text file (UTF-8) as it was recorded. */
    public static String text(String device, String file) {
        return new String(bytes(device, file).orElseThrow(() -> new IllegalArgumentException(
                "the corpus holds no " + resource(device, file))), StandardCharsets.UTF_8);
    }

    /** {@code truth.json} as text. */
    public static String truthJson() {
        return new String(bytes(ROOT + "/truth.json").orElseThrow(), StandardCharsets.UTF_8);
    }

    private static Optional<byte[]> bytes(String resource) {
        try (InputStream in = RealWorldCorpus.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
