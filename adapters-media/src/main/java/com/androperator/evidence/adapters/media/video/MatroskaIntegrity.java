package com.androperator.evidence.adapters.media.video;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Whether a recorder's Matroska file is whole, judged from its bytes alone, in one sequential
 * pass with bounded memory (counters and the first findings).
 *
 * <p>What a finished scrcpy recording looks like (libavformat's Matroska muxer on a seekable
 * file): an EBML header with DocType matroska, then one Segment. The muxer writes the Segment's
 * size, the Cues and the Duration with the trailer, so a Segment of unknown size is a file whose
 * writer never finished it (its last cluster is lost: the muxer holds a cluster in memory until it
 * is complete), and a file that ends before the size the Segment declares was cut short (a
 * truncation, or a cluster removed from the middle). Every top-level element starts with a CRC-32
 * element over the rest of its data; ffprobe ignores those, but a byte changed inside a cluster's
 * H.264 can decode without any error, so each CRC is checked here. Inside each cluster every
 * SimpleBlock and BlockGroup of the video track is counted: the decoder must produce exactly one
 * frame per block.
 */
final class MatroskaIntegrity {
    static final long EBML_HEADER = 0x1A45DFA3L;
    static final long SEGMENT = 0x18538067L;
    static final long SEEK_HEAD = 0x114D9B74L;
    static final long INFO = 0x1549A966L;
    static final long TRACKS = 0x1654AE6BL;
    static final long CLUSTER = 0x1F43B675L;
    static final long CUES = 0x1C53BB6BL;
    static final long TAGS = 0x1254C367L;
    static final long CHAPTERS = 0x1043A770L;
    static final long ATTACHMENTS = 0x1941A469L;
    static final long VOID = 0xECL;
    static final long CRC32_ID = 0xBFL;
    private static final long DOC_TYPE = 0x4282L;
    private static final long TIMESTAMP_SCALE = 0x2AD7B1L;
    private static final long TRACK_ENTRY = 0xAEL;
    private static final long TRACK_NUMBER = 0xD7L;
    private static final long TRACK_TYPE = 0x83L;
    private static final long CLUSTER_TIMESTAMP = 0xE7L;
    private static final long SIMPLE_BLOCK = 0xA3L;
    private static final long BLOCK_GROUP = 0xA0L;
    private static final long BLOCK = 0xA1L;
    private static final int VIDEO_TRACK_TYPE = 1;
    /** The top-level elements a Segment may hold, by ID; anything else there is damaged data. */
    private static final Map<Long, String> TOP_LEVEL = Map.of(SEEK_HEAD, "SeekHead", INFO, "Info", TRACKS, "Tracks",
            CLUSTER, "Cluster", CUES, "Cues", TAGS, "Tags", CHAPTERS, "Chapters", ATTACHMENTS, "Attachments",
            VOID, "Void");
    /** Findings kept; the count goes on. */
    static final int KEPT_PROBLEMS = 20;
    /** Small elements (header fields, track entries) are read whole; anything bigger is a finding. */
    private static final long SMALL_ELEMENT_LIMIT = 1 << 20;

    /** What the pass found. {@code declaredSegmentBytes} is null for a Segment of unknown size. */
    record Report(long fileBytes, Long declaredSegmentBytes, int clusters, long videoBlocks, long otherTrackBlocks,
                  int crcChecked, int problemCount, List<String> problems) {
        Report {
            problems = List.copyOf(problems);
        }

        boolean intact() {
            return problemCount == 0;
        }

        Map<String, Object> diagnostics() {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("fileBytes", fileBytes);
            details.put("declaredSegmentBytes", declaredSegmentBytes);
            details.put("clusters", clusters);
            details.put("videoBlocks", videoBlocks);
            details.put("otherTrackBlocks", otherTrackBlocks);
            details.put("crcChecked", crcChecked);
            details.put("problemCount", problemCount);
            details.put("problems", problems);
            return details;
        }
    }

    private MatroskaIntegrity() {
    }

    static Report check(Path file) throws IOException {
        long size = Files.size(file);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
            Pass pass = new Pass(new Reader(in), size);
            pass.run();
            return new Report(size, pass.declaredSegment, pass.clusters, pass.videoBlocks, pass.otherBlocks, pass.crcChecked,
                    pass.problemCount, pass.problems);
        }
    }

    /** An element header: its ID (marker bits kept), data size (-1 when unknown) and where its data starts. */
    private record Header(long id, long size, long dataStart) {
        boolean unknownSize() {
            return size < 0;
        }

        long end() {
            return dataStart + size;
        }
    }

    /** A forward-only reader that knows its position and feeds every byte read into the running CRC, if any. */
    private static final class Reader {
        private final InputStream in;
        private final byte[] buffer = new byte[1 << 16];
        private long position;
        private CRC32 crc;

        Reader(InputStream in) {
            this.in = in;
        }

        int read() throws IOException {
            int b = in.read();
            if (b < 0) {
                throw new EOFException();
            }
            position++;
            if (crc != null) {
                crc.update(b);
            }
            return b;
        }

        byte[] readFully(int count) throws IOException {
            byte[] bytes = in.readNBytes(count);
            position += bytes.length;
            if (crc != null) {
                crc.update(bytes);
            }
            if (bytes.length < count) {
                throw new EOFException();
            }
            return bytes;
        }

        /** Reads and discards {@code count} bytes (through the CRC). */
        void skip(long count) throws IOException {
            long left = count;
            while (left > 0) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (read < 0) {
                    throw new EOFException();
                }
                position += read;
                if (crc != null) {
                    crc.update(buffer, 0, read);
                }
                left -= read;
            }
        }

        /** An element ID (1 to 4 bytes, marker bits kept), or -1 when the first byte cannot start one. */
        long id() throws IOException {
            int first = read();
            int length = Integer.numberOfLeadingZeros(first) - 23;
            if (first == 0 || length > 4) {
                return -1;
            }
            long value = first;
            for (int i = 1; i < length; i++) {
                value = (value << 8) | read();
            }
            return value;
        }

        /** A data size (1 to 8 bytes): -1 when every value bit is set (unknown), -2 when no length marker. */
        long size() throws IOException {
            int first = read();
            if (first == 0) {
                return -2;
            }
            int length = Integer.numberOfLeadingZeros(first) - 23;
            long value = first & (0xFF >> length);
            boolean allOnes = value == (0xFF >> length);
            for (int i = 1; i < length; i++) {
                int b = read();
                allOnes &= b == 0xFF;
                value = (value << 8) | b;
            }
            return allOnes ? -1 : value;
        }

        long unsigned(int length) throws IOException {
            long value = 0;
            for (byte b : readFully(length)) {
                value = (value << 8) | (b & 0xFF);
            }
            return value;
        }
    }

    /** One pass over the file; findings accumulate, the walk stops where the bytes stop making sense. */
    private static final class Pass {
        private final Reader reader;
        private final long fileBytes;
        private Long declaredSegment;
        private int clusters;
        private long videoBlocks;
        private long otherBlocks;
        private int crcChecked;
        private int problemCount;
        private final List<String> problems = new ArrayList<>();
        private long videoTrack = -1;
        private long timestampScaleNs = 1_000_000L;
        /** The Timestamp of the cluster being read, in ticks of the TimestampScale; -1 until it is read. */
        private long clusterTimestamp = -1;

        Pass(Reader reader, long fileBytes) {
            this.reader = reader;
            this.fileBytes = fileBytes;
        }

        void problem(String text) {
            problemCount++;
            if (problems.size() < KEPT_PROBLEMS) {
                problems.add(text);
            }
        }

        void run() throws IOException {
            if (fileBytes == 0) {
                problem("the file is empty");
                return;
            }
            try {
                Header ebml = header();
                if (ebml == null || ebml.id() != EBML_HEADER || ebml.unknownSize()) {
                    problem("the file does not start with an EBML header: it is not a Matroska file");
                    return;
                }
                if (!fits(ebml, fileBytes, "EBML header")) {
                    return;
                }
                String docType = docType(ebml);
                if (!"matroska".equals(docType) && !"webm".equals(docType)) {
                    problem("the EBML header's DocType is " + (docType == null ? "missing" : "\"" + docType + "\"")
                            + ", not matroska");
                }
                if (reader.position == fileBytes) {
                    problem("the file ends after its EBML header: it holds no Segment");
                    return;
                }
                Header segment = header();
                if (segment == null || segment.id() != SEGMENT) {
                    problem("no Segment follows the EBML header at byte " + ebml.end());
                    return;
                }
                long segmentEnd;
                if (segment.unknownSize()) {
                    problem("the Segment's size is unknown: the recorder never finished the file (the size, the cues "
                            + "and the last cluster come with the trailer), so it ends early");
                    segmentEnd = fileBytes;
                } else {
                    declaredSegment = segment.size();
                    segmentEnd = segment.end();
                    if (segmentEnd > fileBytes) {
                        problem("the file ends at byte " + fileBytes + ", " + (segmentEnd - fileBytes) + " bytes before "
                                + "the end its Segment declares (" + segmentEnd + "): it was cut short or lost a part");
                    } else if (segmentEnd < fileBytes) {
                        problem((fileBytes - segmentEnd) + " bytes follow the end of the Segment at byte " + segmentEnd);
                    }
                }
                topLevel(Math.min(segmentEnd, fileBytes));
                if (videoTrack < 0) {
                    problem("no video track is declared in Tracks");
                }
                if (clusters == 0) {
                    problem("the Segment holds no cluster: no frame was recorded");
                }
            } catch (EOFException e) {
                problem("the file ends inside an element at byte " + reader.position);
            }
        }

        /** The next element header, or null (with a finding) when its ID or size is not valid EBML. */
        private Header header() throws IOException {
            long at = reader.position;
            long id = reader.id();
            if (id < 0) {
                problem("the bytes at " + at + " are not an element ID (damaged data)");
                return null;
            }
            long size = reader.size();
            if (size == -2) {
                problem("the element 0x" + Long.toHexString(id).toUpperCase(Locale.ROOT) + " at byte " + at
                        + " has no valid size (damaged data)");
                return null;
            }
            return new Header(id, size, reader.position);
        }

        private boolean fits(Header element, long parentEnd, String name) {
            if (element.unknownSize()) {
                problem("the " + name + " at byte " + element.dataStart() + " has an unknown size (a writer that never "
                        + "finished it)");
                return false;
            }
            if (element.end() > parentEnd) {
                problem("the " + name + " whose data starts at byte " + element.dataStart() + " declares "
                        + element.size() + " bytes, but " + (parentEnd == fileBytes ? "the file" : "its parent")
                        + " ends at byte " + parentEnd + (parentEnd == fileBytes ? ": it was cut short" : ""));
                return false;
            }
            return true;
        }

        private void topLevel(long end) throws IOException {
            while (reader.position < end) {
                long at = reader.position;
                Header element = header();
                if (element == null) {
                    return;
                }
                String name = name(element.id());
                if (name == null) {
                    problem("an unexpected top-level element 0x" + Long.toHexString(element.id()).toUpperCase(Locale.ROOT)
                            + " at byte " + at + " (damaged data)");
                    return;
                }
                if (!fits(element, end, name)) {
                    return;
                }
                CRC32 crc = null;
                long expectedCrc = -1;
                long bodyStart = element.dataStart();
                if (element.id() != VOID && element.size() >= 6) {
                    // libavformat writes a CRC-32 element first; it covers everything after it.
                    long childAt = reader.position;
                    Header first = header();
                    if (first == null) {
                        skipTo(element.end(), name, at);
                        continue;
                    }
                    if (first.id() == CRC32_ID && first.size() == 4 && first.end() <= element.end()) {
                        byte[] value = reader.readFully(4);
                        expectedCrc = (value[0] & 0xFFL) | (value[1] & 0xFFL) << 8 | (value[2] & 0xFFL) << 16
                                | (value[3] & 0xFFL) << 24;
                        crc = new CRC32();
                        bodyStart = reader.position;
                        reader.crc = crc;
                        body(element, name, at, null);
                    } else {
                        body(element, name, at, first);
                    }
                    reader.crc = null;
                    if (reader.position != element.end()) {
                        skipTo(element.end(), name, childAt);
                    }
                } else {
                    reader.skip(element.size());
                }
                if (crc != null) {
                    crcChecked++;
                    if (crc.getValue() != expectedCrc) {
                        String when = element.id() == CLUSTER && clusterTimestamp >= 0
                                ? ", from " + String.format(Locale.ROOT, "%.3f",
                                clusterTimestamp * (timestampScaleNs / 1e9)) + " s of the recording" : "";
                        problem("the " + name + " at byte " + at + " (" + (element.end() - bodyStart) + " bytes" + when
                                + ") fails its CRC-32: its bytes changed after they were written");
                    }
                }
            }
        }

        /** Reads up to the element's end, keeping the CRC fed, after a finding made the rest unreadable. */
        private void skipTo(long end, String name, long at) throws IOException {
            if (reader.position < end) {
                reader.skip(end - reader.position);
            } else if (reader.position > end) {
                problem("the " + name + " at byte " + at + " overruns its declared size");
            }
        }

        /** The children of one top-level element; {@code first} is a child header already read, if any. */
        private void body(Header element, String name, long at, Header first) throws IOException {
            if (element.id() == CLUSTER) {
                clusters++;
                clusterTimestamp = -1;
                children(element, name, at, first, this::clusterChild);
            } else if (element.id() == TRACKS) {
                children(element, name, at, first, this::tracksChild);
            } else if (element.id() == INFO) {
                children(element, name, at, first, this::infoChild);
            } else {
                children(element, name, at, first, (child, parentName) -> reader.skip(child.size()));
            }
        }

        private interface ChildReader {
            void read(Header child, String parent) throws IOException;
        }

        private void children(Header parent, String name, long at, Header first, ChildReader childReader)
                throws IOException {
            Header child = first;
            while (child != null || reader.position < parent.end()) {
                if (child == null) {
                    child = header();
                    if (child == null) {
                        return;
                    }
                }
                if (child.unknownSize() || child.end() > parent.end()) {
                    problem("an element 0x" + Long.toHexString(child.id()).toUpperCase(Locale.ROOT) + " in the " + name
                            + " at byte " + at + " overruns it (damaged data)");
                    return;
                }
                childReader.read(child, name);
                child = null;
            }
        }

        private void clusterChild(Header child, String parent) throws IOException {
            if (child.id() == SIMPLE_BLOCK) {
                block(child);
            } else if (child.id() == BLOCK_GROUP) {
                children(child, "BlockGroup", child.dataStart(), null, (inner, p) -> {
                    if (inner.id() == BLOCK) {
                        block(inner);
                    } else {
                        reader.skip(inner.size());
                    }
                });
            } else if (child.id() == CLUSTER_TIMESTAMP && child.size() >= 1 && child.size() <= 8) {
                clusterTimestamp = reader.unsigned((int) child.size());
            } else {
                reader.skip(child.size());
            }
        }

        /** A SimpleBlock or Block: track number, 16-bit timestamp, flags, then the frame data. */
        private void block(Header block) throws IOException {
            long start = reader.position;
            long track = reader.size();
            if (track < 0 || reader.position + 3 > block.end()) {
                problem("a block at byte " + start + " has no valid track number (damaged data)");
                reader.skip(block.end() - reader.position);
                return;
            }
            reader.skip(2);
            int flags = reader.read();
            long frames = 1;
            if ((flags & 0x06) != 0 && reader.position < block.end()) {
                frames = reader.read() + 1L;
            }
            reader.skip(block.end() - reader.position);
            if (track == videoTrack) {
                videoBlocks += frames;
            } else {
                otherBlocks += frames;
            }
        }

        private void tracksChild(Header child, String parent) throws IOException {
            if (child.id() != TRACK_ENTRY || child.size() > SMALL_ELEMENT_LIMIT) {
                reader.skip(child.size());
                return;
            }
            long[] number = {-1};
            long[] type = {-1};
            children(child, "TrackEntry", child.dataStart(), null, (field, p) -> {
                if ((field.id() == TRACK_NUMBER || field.id() == TRACK_TYPE) && field.size() >= 1 && field.size() <= 8) {
                    long value = reader.unsigned((int) field.size());
                    if (field.id() == TRACK_NUMBER) {
                        number[0] = value;
                    } else {
                        type[0] = value;
                    }
                } else {
                    reader.skip(field.size());
                }
            });
            if (type[0] == VIDEO_TRACK_TYPE && videoTrack < 0) {
                videoTrack = number[0];
            }
        }

        private void infoChild(Header child, String parent) throws IOException {
            if (child.id() == TIMESTAMP_SCALE && child.size() >= 1 && child.size() <= 8) {
                timestampScaleNs = reader.unsigned((int) child.size());
            } else {
                reader.skip(child.size());
            }
        }

        private String docType(Header ebml) throws IOException {
            String docType = null;
            while (reader.position < ebml.end()) {
                Header field = header();
                if (field == null || field.unknownSize() || field.end() > ebml.end()) {
                    problem("the EBML header is damaged");
                    reader.skip(ebml.end() - reader.position);
                    return docType;
                }
                if (field.id() == DOC_TYPE && field.size() <= 64) {
                    docType = new String(reader.readFully((int) field.size()), StandardCharsets.US_ASCII)
                            .replace("\0", "");
                } else {
                    reader.skip(field.size());
                }
            }
            return docType;
        }

        private static String name(long id) {
            return TOP_LEVEL.get(id);
        }
    }
}
