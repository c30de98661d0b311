package com.androperator.evidence.adapters.media.video;

import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.BLOCK;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.BLOCK_GROUP;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.CLUSTER;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.CLUSTER_TIMESTAMP;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.CRC32_ID;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.DOC_TYPE;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.EBML_HEADER;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.INFO;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.KEPT_PROBLEMS;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.SEGMENT;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.SIMPLE_BLOCK;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.SMALL_ELEMENT_LIMIT;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.TIMESTAMP_SCALE;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.TOP_LEVEL;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.TRACKS;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.TRACK_ENTRY;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.TRACK_NUMBER;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.TRACK_TYPE;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.VIDEO_TRACK_TYPE;
import static com.androperator.evidence.adapters.media.video.MatroskaIntegrity.VOID;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;

/** One pass over the file; findings accumulate, the walk stops where the bytes stop making sense. */
final class MatroskaPass {
    /** An element header: its ID (marker bits kept), data size (-1 when unknown) and where its data starts. */
    private record Header(long id, long size, long dataStart) {
        boolean unknownSize() {
            return size < 0;
        }

        long end() {
            return dataStart + size;
        }
    }

    private final EbmlReader reader;
    private final long fileBytes;
    Long declaredSegment;
    int clusters;
    long videoBlocks;
    long otherBlocks;
    int crcChecked;
    int problemCount;
    final List<String> problems = new ArrayList<>();
    private long videoTrack = -1;
    private long timestampScaleNs = 1_000_000L;
    /** The Timestamp of the cluster being read, in ticks of the TimestampScale; -1 until it is read. */
    private long clusterTimestamp = -1;

    MatroskaPass(EbmlReader reader, long fileBytes) {
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
