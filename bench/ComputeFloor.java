import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
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
 * the hierarchy, one StAX parse of the hierarchy with the verifier's security settings, and both
 * files written, fsynced, and their directory fsynced. Its CPU time (user + system of this thread)
 * is what a capture cannot go below on this machine; the MCP server's CPU per capture is compared
 * with it in the same run.
 */
final class ComputeFloor {
    private static final int WARMUP = 40;
    private static final int MEASURED = 40;

    private final byte[] png;
    private final byte[] hierarchy;
    private final Path directory;
    private final byte[] inflated = new byte[64 * 1024];

    ComputeFloor(byte[] png, byte[] hierarchy, Path directory) {
        this.png = png;
        this.hierarchy = hierarchy;
        this.directory = directory;
    }

    /** Median CPU milliseconds of one floor capture, after JIT warm-up. */
    double medianCpuMillis() throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < WARMUP; i++) {
            once(i);
        }
        double[] millis = new double[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            long before = threads.getCurrentThreadCpuTime();
            once(i);
            millis[i] = (threads.getCurrentThreadCpuTime() - before) / 1e6;
        }
        Arrays.sort(millis);
        return millis[MEASURED / 2];
    }

    private void once(int run) throws IOException {
        long rows = inflateWithCrcs();
        if (rows != readInt(20)) {
            throw new IllegalStateException("the floor's PNG walk found " + rows + " scanlines");
        }
        byte[] pngHash = sha256(png);
        byte[] xmlHash = sha256(hierarchy);
        parse();
        Path bundle = Files.createDirectories(directory.resolve("floor-" + run));
        write(bundle.resolve("screenshot.png"), png);
        write(bundle.resolve("hierarchy.xml"), hierarchy);
        try (FileChannel dir = FileChannel.open(bundle, StandardOpenOption.READ)) {
            dir.force(true);
        }
        Files.delete(bundle.resolve("screenshot.png"));
        Files.delete(bundle.resolve("hierarchy.xml"));
        Files.delete(bundle);
        if (pngHash.length + xmlHash.length != 64) {
            throw new IllegalStateException("SHA-256 is 32 bytes");
        }
    }

    /** Walks the chunks, checks every CRC, inflates the IDAT stream and counts its scanlines. */
    private long inflateWithCrcs() {
        Inflater inflater = new Inflater();
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
                    inflater.setInput(png, at + 8, length);
                    for (int n; (n = inflater.inflate(inflated)) > 0; ) {
                        // Only each scanline's filter byte is looked at, as the verifier does.
                        int i = (int) nextFilterByte;
                        for (; i < n; i += rowBytes) {
                            rows += (inflated[i] & 0xFF) <= 4 ? 1 : 0;
                        }
                        nextFilterByte = i - n;
                    }
                }
                at += 12 + length;
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

    private static void write(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
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
