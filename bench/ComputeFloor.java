import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The compute floor of one capture: the work the contract requires on the benchmark's bytes and
 * nothing else, in this thread, with no adb, no threads, no JSON. Every chunk's CRC, the whole zlib
 * stream inflated (each scanline's filter byte looked at), one SHA-256 over the PNG and one over
 * the hierarchy, one StAX parse of the hierarchy with the verifier's security settings, and the
 * bundle's four files written as the contract and its crash-safety require, with the sizes a real
 * capture of the same phone gave them (their JSON is made before the clock starts): the bundle
 * directory made and its parent fsynced; the screenshot and the hierarchy written under their
 * {@code .partial} names, fsynced and renamed; {@code captures.json} written and fsynced; the
 * directory fsynced, so that every file the manifest names is durable before it is; then
 * {@code manifest.json} finalized atomically (a temporary name written and fsynced, renamed, the
 * directory fsynced again). That is 4 file fsyncs, 3 directory fsyncs and 3 renames. Its CPU time
 * (user + system of this thread) is what a capture cannot go below on this machine; the MCP
 * server's CPU per capture is compared with it in the same run. Setting the floor's bundle aside
 * afterwards ({@link RetiredBundles}, as the server's bundles are) is not counted, as it is not
 * counted against the server (until 2026-12-06 removing it was: 0.4-0.8 ms of each reading;
 * docs/benchmarks.md, "Seventeenth pass").
 */
final class ComputeFloor {
    private static final int WARMUP = 40;
    private static final int MEASURED = 40;

    private static final FileAttribute<?> PRIVATE_FILE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final FileAttribute<?> PRIVATE_DIRECTORY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

    private final byte[] png;
    private final byte[] hierarchy;
    private final byte[] captures;
    private final byte[] manifest;
    private final Path directory;
    private final byte[] inflated = new byte[64 * 1024];

    /**
     * {@code captures} and {@code manifest}: the bytes of a real bundle's captures.json and
     * manifest.json from the same phone, written as they are (the floor makes no JSON).
     */
    ComputeFloor(byte[] png, byte[] hierarchy, byte[] captures, byte[] manifest, Path directory) {
        this.png = png;
        this.hierarchy = hierarchy;
        this.captures = captures;
        this.manifest = manifest;
        this.directory = directory;
    }

    /** The parts of one floor capture, in the order they run; {@link #sampleCpuMillis(int)} times each. */
    static final List<String> PARTS = List.of("inflate + CRCs of the PNG", "SHA-256 of the PNG and the hierarchy",
            "XML parse", "bundle files: 4 written, 7 fsyncs, 3 renames");

    private final long[] partNanos = new long[PARTS.size()];
    private final double[] partMedians = new double[PARTS.size()];
    private long lastCpuNanos;
    private long lastKernelNanos;
    private int lastCount;

    /** Median CPU milliseconds of one floor capture, after JIT warm-up; {@link #partMillis()} then holds its parts'. */
    double medianCpuMillis() throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < WARMUP; i++) {
            RetiredBundles.retire(once(i, threads), directory);
        }
        return sampleCpuMillis(MEASURED);
    }

    /**
     * Median CPU milliseconds of {@code count} floor captures with no warm-up of their own: a short
     * reading of the machine as it is now, for a floor already measured once with
     * {@link #medianCpuMillis()} (whose warm-up left this code compiled).
     */
    double sampleCpuMillis(int count) throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] millis = new double[count];
        double[][] parts = new double[PARTS.size()][count];
        long cpuNanos = 0;
        long userNanos = 0;
        for (int i = 0; i < count; i++) {
            Arrays.fill(partNanos, 0);
            long userBefore = threads.getCurrentThreadUserTime();
            long before = threads.getCurrentThreadCpuTime();
            Path bundle = once(i, threads);
            long spent = threads.getCurrentThreadCpuTime() - before;
            userNanos += threads.getCurrentThreadUserTime() - userBefore;
            cpuNanos += spent;
            millis[i] = spent / 1e6;
            RetiredBundles.retire(bundle, directory);
            for (int part = 0; part < partNanos.length; part++) {
                parts[part][i] = partNanos[part] / 1e6;
            }
        }
        for (int part = 0; part < partMedians.length; part++) {
            partMedians[part] = median(parts[part]);
        }
        lastCpuNanos = cpuNanos;
        lastKernelNanos = cpuNanos - userNanos; // signed: a reading's tick noise can go either way
        lastCount = count;
        return median(millis);
    }

    /**
     * The CPU and the part of it in the kernel (CPU less user time) that the last reading's
     * captures spent in all, in ns, and how many captures that was. The thread's CPU is exact; its
     * user time comes in clock ticks of 10 ms (JDK 17 to 25 read it from /proc, and the kernel
     * samples the user/system split at each tick), so the kernel part of one reading is noisy,
     * either way, and only a sum over many readings says roughly (about +-20% over a run's 110
     * captures) how much of the floor is the kernel's: its file writes, fsyncs and renames.
     */
    Sums lastSums() {
        return new Sums(lastCpuNanos, lastKernelNanos, lastCount);
    }

    /** CPU and its kernel part (ns, the latter signed) summed over {@code captures} floor captures. */
    record Sums(long cpuNanos, long kernelNanos, long captures) {
        static final Sums NONE = new Sums(0, 0, 0);

        Sums plus(Sums other) {
            return new Sums(cpuNanos + other.cpuNanos, kernelNanos + other.kernelNanos, captures + other.captures);
        }
    }

    /**
     * The median CPU milliseconds of each of {@link #PARTS}, from the last {@link #medianCpuMillis()}
     * or {@link #sampleCpuMillis(int)}.
     */
    double[] partMillis() {
        return partMedians.clone();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** One floor capture, its parts charged to {@link #partNanos}; returns the bundle it wrote. */
    private Path once(int run, ThreadMXBean threads) throws IOException {
        long at = threads.getCurrentThreadCpuTime();
        long rows = inflateWithCrcs();
        if (rows != readInt(20)) {
            throw new IllegalStateException("the floor's PNG walk found " + rows + " scanlines");
        }
        at = charge(0, at, threads);
        byte[] pngHash = sha256(png);
        byte[] xmlHash = sha256(hierarchy);
        at = charge(1, at, threads);
        parse();
        at = charge(2, at, threads);
        Path bundle = writeBundle(directory.resolve("floor-" + run));
        charge(3, at, threads);
        if (pngHash.length + xmlHash.length != 64) {
            throw new IllegalStateException("SHA-256 is 32 bytes");
        }
        return bundle;
    }

    private long charge(int part, long since, ThreadMXBean threads) {
        long now = threads.getCurrentThreadCpuTime();
        partNanos[part] += now - since;
        return now;
    }

    /**
     * Walks the chunks, checks every CRC, inflates the IDAT stream and counts its scanlines. The
     * zlib stream is inflated as raw deflate and its Adler-32 checked with {@link Adler32}, as the
     * verifier does for a standard header (cheaper than zlib's own check): the floor is the required
     * work done the cheapest way the tool knows. This sample's header is standard and its trailer in
     * its last IDAT chunk; anything else stops the floor.
     */
    private long inflateWithCrcs() {
        Inflater inflater = new Inflater(true);
        Adler32 adler = new Adler32();
        boolean headerSkipped = false;
        CRC32 crc = new CRC32();
        int channels = new int[] {1, 0, 3, 1, 2, 0, 4}[png[25]]; // by colour type; 8-bit samples
        int rowBytes = readInt(16) * channels + 1;
        long nextFilterByte = 0;
        long rows = 0;
        try {
            for (int at = 8; at < png.length; ) {
                int length = readInt(at);
                crc.reset();
                crc.update(png, at + 4, length + 4);
                if ((int) crc.getValue() != readInt(at + 8 + length)) {
                    throw new IllegalStateException("CRC mismatch at " + at);
                }
                if (readInt(at + 4) == 0x49444154) { // IDAT
                    int skip = headerSkipped ? 0 : 2;
                    if (!headerSkipped && (length < 2 || png[at + 8] != 0x78 || (png[at + 9] & 0x20) != 0
                            || ((png[at + 8] & 0xFF) * 256 + (png[at + 9] & 0xFF)) % 31 != 0)) {
                        throw new IllegalStateException("the floor's sample has no standard zlib header");
                    }
                    headerSkipped = true;
                    inflater.setInput(png, at + 8 + skip, length - skip);
                    for (int n; (n = inflater.inflate(inflated)) > 0; ) {
                        adler.update(inflated, 0, n);
                        // Only each scanline's filter byte is looked at, as the verifier does.
                        int i = (int) nextFilterByte;
                        for (; i < n; i += rowBytes) {
                            rows += (inflated[i] & 0xFF) <= 4 ? 1 : 0;
                        }
                        nextFilterByte = i - n;
                    }
                    if (inflater.finished()) {
                        int trailer = at + 8 + length - inflater.getRemaining();
                        if (inflater.getRemaining() != 4 || (int) adler.getValue() != readInt(trailer)) {
                            throw new IllegalStateException("the floor's sample has a wrong or split Adler-32 trailer");
                        }
                    }
                }
                at += 12 + length;
            }
            if (!inflater.finished()) {
                throw new IllegalStateException("the floor's sample ends inside its zlib stream");
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException(e);
        } finally {
            inflater.end();
        }
        return rows;
    }

    private void parse() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        for (String limit : new String[] {"entityExpansionLimit", "entityReplacementLimit", "maxOccurLimit",
                "maxParameterEntitySizeLimit"}) {
            factory.setProperty("jdk.xml." + limit, "1");
        }
        try {
            XMLStreamReader reader = factory.createXMLStreamReader(new ByteArrayInputStream(hierarchy));
            while (reader.hasNext()) {
                reader.next();
            }
            reader.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bundle's files in the order that keeps a finalized manifest's files durable before it. */
    private Path writeBundle(Path bundle) throws IOException {
        Files.createDirectory(bundle, PRIVATE_DIRECTORY);
        forceDirectory(bundle.getParent());
        write(bundle.resolve("screenshot.partial.png"), png);
        Files.move(bundle.resolve("screenshot.partial.png"), bundle.resolve("screenshot.png"), StandardCopyOption.ATOMIC_MOVE);
        write(bundle.resolve("hierarchy.partial.xml"), hierarchy);
        Files.move(bundle.resolve("hierarchy.partial.xml"), bundle.resolve("hierarchy.xml"), StandardCopyOption.ATOMIC_MOVE);
        write(bundle.resolve("captures.json"), captures);
        forceDirectory(bundle);
        write(bundle.resolve("manifest.json.tmp"), manifest);
        Files.move(bundle.resolve("manifest.json.tmp"), bundle.resolve("manifest.json"), StandardCopyOption.ATOMIC_MOVE);
        forceDirectory(bundle);
        return bundle;
    }

    private static void forceDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PRIVATE_FILE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    private int readInt(int at) {
        return (png[at] & 0xFF) << 24 | (png[at + 1] & 0xFF) << 16 | (png[at + 2] & 0xFF) << 8 | (png[at + 3] & 0xFF);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
