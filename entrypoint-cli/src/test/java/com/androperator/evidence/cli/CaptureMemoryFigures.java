package com.androperator.evidence.cli;

import com.androperator.evidence.api.testing.PhoneLab;
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Not a test: prints the peak resident set size ({@code /usr/bin/time -f %M}) of an
 * {@code androperator evidence capture} child process for a 64 MiB screenshot and for a 50 MB
 * hierarchy, taken from the simulated phone through a private real adb server. Figures are printed,
 * never asserted. Run from the test classpath:
 *
 * <pre>
 *   java -cp "$(cat entrypoint-cli/target/test-classpath.txt):entrypoint-cli/target/test-classes:entrypoint-cli/target/classes" \
 *     com.androperator.evidence.cli.CaptureMemoryFigures [extra JVM option ...]
 * </pre>
 *
 * The child runs with the launcher's flags (C1 only, serial GC) plus any options given, e.g. {@code -Xmx128m}.
 */
public final class CaptureMemoryFigures {
    private static final int MIB = 1024 * 1024;

    private CaptureMemoryFigures() {
    }

    public static void main(String[] args) throws Exception {
        List<String> jvmOptions = List.of(args);
        Path scratch = Files.createTempDirectory("capture-memory-figures");
        try (PhoneLab lab = PhoneLab.start()) {
            byte[] png = pngOfExactly(64 * MIB);
            lab.phone(p -> p.toBuilder().displays(DisplaySpec.of(0, "4619827259835644672", 4096, 5400,
                    ProfileFile.inMemory("big.png", png))).build());
            report("64 MiB screenshot", lab, scratch.resolve("screenshot-bundle"), jvmOptions);

            lab.reset();
            byte[] xml = HierarchyFixtures.settings(50_000_000, 1080, 2400).getBytes(StandardCharsets.UTF_8);
            lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(ProfileFile.inMemory("big.xml", xml))).build());
            report("50 MB hierarchy (" + xml.length + " bytes)", lab, scratch.resolve("hierarchy-bundle"), jvmOptions);
        }
    }

    private static void report(String what, PhoneLab lab, Path bundle, List<String> jvmOptions)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "MAXRSS_KB %M WALL_S %e",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "evidence", "capture", "--device", lab.serial(), "--operator-package", PhoneLab.OPERATOR,
                "--output-dir", bundle.toString(), "--timeout", "120000"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(lab.environment());
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        process.waitFor(10, TimeUnit.MINUTES);
        String stderr = new String(err, StandardCharsets.UTF_8).strip();
        String figures = stderr.lines().filter(l -> l.startsWith("MAXRSS_KB")).findFirst().orElse(stderr);
        System.out.println(what + " with JVM options " + jvmOptions + ": exit " + process.exitValue() + ", " + figures
                + "\n  result: " + new String(out, StandardCharsets.UTF_8).strip());
    }

    /** A valid 4096x5400 RGB PNG (stored deflate blocks) padded with a tEXt chunk to exactly {@code size} bytes. */
    static byte[] pngOfExactly(int size) throws IOException {
        int width = 4096;
        int height = 5400;
        int stride = 1 + width * 3;
        byte[] raw = new byte[stride * height];
        for (int row = 0; row < height; row++) {
            for (int i = 1; i < stride; i++) {
                raw[row * stride + i] = (byte) (row * 31 + i * 7);
            }
        }
        Deflater deflater = new Deflater(Deflater.NO_COMPRESSION);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream zlib = new ByteArrayOutputStream(raw.length + MIB);
        byte[] buffer = new byte[MIB];
        while (!deflater.finished()) {
            zlib.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        byte[] idat = zlib.toByteArray();
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0);
        int fixed = 8 + (12 + 13) + (12 + idat.length) + 12;
        int paddingData = size - fixed - 12;
        if (paddingData < 8) {
            throw new IllegalArgumentException("a PNG of " + size + " bytes cannot hold this image");
        }
        byte[] text = new byte[paddingData];
        byte[] keyword = "Comment\0".getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(keyword, 0, text, 0, keyword.length);
        java.util.Arrays.fill(text, keyword.length, text.length, (byte) 'x');
        ByteArrayOutputStream png = new ByteArrayOutputStream(size);
        png.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        chunk(png, "IHDR", header.array());
        chunk(png, "IDAT", idat);
        chunk(png, "tEXt", text);
        chunk(png, "IEND", new byte[0]);
        if (png.size() != size) {
            throw new IllegalStateException("built " + png.size() + " bytes, wanted " + size);
        }
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) throws IOException {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        png.write(ByteBuffer.allocate(4).putInt(data.length).array());
        png.write(typeBytes);
        png.write(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        png.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
