package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.SourceInspection;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
 * frame per block. The walk itself is {@link MatroskaPass}, reading through an {@link EbmlReader}.
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
    static final long DOC_TYPE = 0x4282L;
    static final long TIMESTAMP_SCALE = 0x2AD7B1L;
    static final long TRACK_ENTRY = 0xAEL;
    static final long TRACK_NUMBER = 0xD7L;
    static final long TRACK_TYPE = 0x83L;
    static final long CLUSTER_TIMESTAMP = 0xE7L;
    static final long SIMPLE_BLOCK = 0xA3L;
    static final long BLOCK_GROUP = 0xA0L;
    static final long BLOCK = 0xA1L;
    static final int VIDEO_TRACK_TYPE = 1;
    /** The top-level elements a Segment may hold, by ID; anything else there is damaged data. */
    static final Map<Long, String> TOP_LEVEL = Map.of(SEEK_HEAD, "SeekHead", INFO, "Info", TRACKS, "Tracks",
            CLUSTER, "Cluster", CUES, "Cues", TAGS, "Tags", CHAPTERS, "Chapters", ATTACHMENTS, "Attachments",
            VOID, "Void");
    /** Findings kept; the count goes on. */
    static final int KEPT_PROBLEMS = 20;
    /** Small elements (header fields, track entries) are read whole; anything bigger is a finding. */
    static final long SMALL_ELEMENT_LIMIT = 1 << 20;

    /** What the pass found. {@code declaredSegmentBytes} is null for a Segment of unknown size. */
    record Report(long fileBytes, Long declaredSegmentBytes, int clusters, long videoBlocks, long otherTrackBlocks,
                  int crcChecked, int problemCount, List<String> problems) {
        Report {
            problems = List.copyOf(problems);
        }

        boolean intact() {
            return problemCount == 0;
        }

        SourceInspection.ContainerCheck diagnostics() {
            return new SourceInspection.ContainerCheck(fileBytes, declaredSegmentBytes, clusters, videoBlocks,
                    otherTrackBlocks, crcChecked, problemCount, problems);
        }
    }

    private MatroskaIntegrity() {
    }

    static Report check(Path file) throws IOException {
        long size = Files.size(file);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
            MatroskaPass pass = new MatroskaPass(new EbmlReader(in), size);
            pass.run();
            return new Report(size, pass.declaredSegment, pass.clusters, pass.videoBlocks, pass.otherBlocks, pass.crcChecked,
                    pass.problemCount, pass.problems);
        }
    }
}
