package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;

/** The phones of the scenarios: changes of the sample Pixel 7 (1080x2400, Android 14, Operator ready). */
final class Phones {
    /** A foldable's screens: the inner one folded away, the outer one active with its own physical id. */
    static final String INNER_ID = "4619827259835644673";
    static final String OUTER_ID = "4619827259835644672";
    static final byte[] OUTER_PNG = ScreenshotFixtures.smallPng(216, 418, 11);
    static final byte[] INNER_PNG = ScreenshotFixtures.smallPng(368, 306, 12);
    /** Over 64 MiB: a PNG signature and header, then one IDAT chunk longer than the capture limit. */
    static final int OVERSIZED_BYTES = 64 * 1024 * 1024 + 64 * 1024;
    /** Large enough for thousands of result chunks (1,024 bytes of the result line each). */
    static final int LARGE_HIERARCHY_BYTES = 2 * 1024 * 1024;

    private Phones() {
    }

    static UnaryOperator<SimulatorProfile> change(UnaryOperator<SimulatorProfile.Builder> change) {
        return profile -> change.apply(profile.toBuilder()).build();
    }

    static UnaryOperator<SimulatorProfile> operator(OperatorBehavior behavior) {
        return change(b -> b.operator(op -> op.withBehavior(behavior)));
    }

    static UnaryOperator<SimulatorProfile> readiness(Readiness readiness) {
        return change(b -> b.operator(op -> op.withReadiness(readiness)));
    }

    static UnaryOperator<SimulatorProfile> screenshot(byte[] png) {
        return change(b -> b.eachDisplay(d -> d.withScreenshot(ProfileFile.inMemory("screen.png", png))));
    }

    static UnaryOperator<SimulatorProfile> qemu(String kernel, String boot) {
        return change(b -> {
            b.removeProperty("ro.kernel.qemu").removeProperty("ro.boot.qemu");
            if (kernel != null) {
                b.property("ro.kernel.qemu", kernel);
            }
            if (boot != null) {
                b.property("ro.boot.qemu", boot);
            }
            return b;
        });
    }

    static UnaryOperator<SimulatorProfile> foldableOuterScreen() {
        return change(b -> b.displays(
                new DisplaySpec(-1, INNER_ID, false, true, 2208, 1840, 0, 1, ProfileFile.inMemory("inner.png", INNER_PNG)),
                new DisplaySpec(0, OUTER_ID, true, true, 1080, 2092, 0, 0, ProfileFile.inMemory("outer.png", OUTER_PNG))));
    }

    static UnaryOperator<SimulatorProfile> largeHierarchy() {
        byte[] xml = HierarchyFixtures.settings(LARGE_HIERARCHY_BYTES, 1080, 2400).getBytes(StandardCharsets.UTF_8);
        return change(b -> b.operator(op -> op.withHierarchy(ProfileFile.inMemory("large.xml", xml))));
    }

    /** The sample screenshot's bytes. */
    static byte[] samplePng() {
        return SampleProfiles.pixel().displays().get(0).screenshot().read();
    }

    /** The sample screenshot with one byte inside its first IDAT chunk changed: that chunk's CRC no longer matches. */
    static byte[] corruptPng() {
        byte[] png = samplePng();
        int idat = indexOf(png, "IDAT".getBytes(StandardCharsets.US_ASCII));
        png[idat + 4 + 100] ^= 0x20;
        return png;
    }

    /** Only the first {@code bytes} of the sample screenshot: a PNG without its end (the transport closed cleanly). */
    static byte[] truncatedPng(int bytes) {
        byte[] png = samplePng();
        return java.util.Arrays.copyOf(png, bytes);
    }

    /** A PNG header for 4000x4000 RGB and one IDAT chunk that takes the file past 64 MiB. */
    static byte[] oversizedPng() {
        ByteBuffer png = ByteBuffer.allocate(OVERSIZED_BYTES);
        png.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        ByteBuffer header = ByteBuffer.allocate(13).putInt(4000).putInt(4000).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(png, "IHDR", header.array());
        int idatLength = png.remaining() - 12;
        png.putInt(idatLength).put("IDAT".getBytes(StandardCharsets.US_ASCII));
        png.position(png.position() + idatLength);
        png.putInt(0);
        return png.array();
    }

    private static void chunk(ByteBuffer png, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        png.putInt(data.length).put(name).put(data).putInt((int) crc.getValue());
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalStateException("no IDAT chunk in the sample screenshot");
    }
}
