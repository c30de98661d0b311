package com.androperator.evidence.adapters.media.video;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Damages a finished Matroska recording the way disks, cut transfers and crashed writers do, for
 * tests in any module. It reads the file's layout with its own small EBML walk (top-level
 * elements of the Segment, and the blocks inside each cluster), independent of the code under
 * test. Every damage rewrites the file in place and returns what it did, for assertion messages.
 */
public final class MatroskaDamage {
    private static final long SEGMENT = 0x18538067L;
    private static final long CLUSTER = 0x1F43B675L;
    private static final long SIMPLE_BLOCK = 0xA3L;

    /** One element: where its header starts, where its data starts, and where it ends. */
    public record Element(long id, int start, int dataStart, int end) {
    }

    /** The ways a recording is damaged in the tests. */
    public enum Kind {
        /** 64 bytes set to zero in the middle of the first cluster (a bad sector). */
        ZEROED_MID_CLUSTER,
        /** One byte inverted in the middle of the first cluster (a flipped bit pattern that may decode silently). */
        FLIPPED_MID_CLUSTER,
        /** The file cut in the middle of its last cluster. */
        TRUNCATED_MID_CLUSTER,
        /** The file cut in the middle of one frame's data in its last cluster. */
        TRUNCATED_MID_FRAME,
        /** The file cut right after its header: before the first cluster. */
        TRUNCATED_AFTER_HEADER,
        /** The file cut right after its last cluster: no cues, the Segment's end missing. */
        TRUNCATED_AFTER_LAST_CLUSTER,
        /** A cluster in the middle removed, the rest kept (a lost block range). */
        MIDDLE_CLUSTER_REMOVED,
        /**
         * What a recorder killed before its trailer leaves: the Segment's size still "unknown", the
         * cluster it was filling and the cues never written.
         */
        WRITER_KILLED
    }

    private final Path file;
    private final byte[] bytes;

    private MatroskaDamage(Path file) {
        this.file = file;
        try {
            this.bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static MatroskaDamage of(Path file) {
        return new MatroskaDamage(file);
    }

    /** The top-level elements inside the Segment, in file order. */
    public List<Element> topLevel() {
        int position = 0;
        Element ebml = element(position);
        Element segment = element(ebml.end());
        if (segment.id() != SEGMENT) {
            throw new IllegalStateException("no Segment after the EBML header");
        }
        List<Element> elements = new ArrayList<>();
        position = segment.dataStart();
        int end = Math.min(segment.end(), bytes.length);
        while (position < end) {
            Element element = element(position);
            elements.add(element);
            position = element.end();
        }
        return elements;
    }

    public List<Element> clusters() {
        return topLevel().stream().filter(e -> e.id() == CLUSTER).toList();
    }

    /** The SimpleBlocks of one cluster. */
    public List<Element> blocks(Element cluster) {
        List<Element> blocks = new ArrayList<>();
        int position = cluster.dataStart();
        while (position < cluster.end()) {
            Element child = element(position);
            if (child.id() == SIMPLE_BLOCK) {
                blocks.add(child);
            }
            position = child.end();
        }
        return blocks;
    }

    /** Applies {@code kind}; returns a description. */
    public String apply(Kind kind) {
        List<Element> clusters = clusters();
        Element first = clusters.get(0);
        Element last = clusters.get(clusters.size() - 1);
        return switch (kind) {
            case ZEROED_MID_CLUSTER -> {
                int at = (first.dataStart() + first.end()) / 2;
                Arrays.fill(bytes, at, at + 64, (byte) 0);
                yield write(bytes, "64 bytes zeroed at " + at + " in the cluster at " + first.start());
            }
            case FLIPPED_MID_CLUSTER -> flip((first.dataStart() + first.end()) / 2);
            case TRUNCATED_MID_CLUSTER -> truncate((last.dataStart() + last.end()) / 2);
            case TRUNCATED_MID_FRAME -> {
                List<Element> blocks = blocks(last);
                Element block = blocks.get(blocks.size() / 2);
                yield truncate((block.dataStart() + block.end()) / 2);
            }
            case TRUNCATED_AFTER_HEADER -> truncate(first.start());
            case TRUNCATED_AFTER_LAST_CLUSTER -> truncate(last.end());
            case WRITER_KILLED -> {
                Element segment = element(element(0).end());
                int sizeStart = segment.start() + 4;
                if (segment.dataStart() - sizeStart != 8) {
                    throw new IllegalStateException("the Segment size is not the muxer's 8-byte field");
                }
                bytes[sizeStart] = 0x01;
                Arrays.fill(bytes, sizeStart + 1, sizeStart + 8, (byte) 0xFF);
                yield write(Arrays.copyOf(bytes, last.start()), "Segment size set to unknown and the file cut at the "
                        + "start of its last cluster (" + last.start() + ")");
            }
            case MIDDLE_CLUSTER_REMOVED -> {
                if (clusters.size() < 3) {
                    throw new IllegalStateException("a middle cluster needs at least three: " + clusters.size());
                }
                Element middle = clusters.get(clusters.size() / 2);
                byte[] spliced = new byte[bytes.length - (middle.end() - middle.start())];
                System.arraycopy(bytes, 0, spliced, 0, middle.start());
                System.arraycopy(bytes, middle.end(), spliced, middle.start(), bytes.length - middle.end());
                yield write(spliced, "the cluster at " + middle.start() + " (" + (middle.end() - middle.start())
                        + " bytes) removed");
            }
        };
    }

    /** Inverts the byte at {@code at}. */
    public String flip(int at) {
        bytes[at] = (byte) ~bytes[at];
        return write(bytes, "byte " + at + " inverted");
    }

    /** Sets the byte at {@code at} to another value chosen by {@code random}. */
    public String change(int at, Random random) {
        byte old = bytes[at];
        byte value;
        do {
            value = (byte) random.nextInt(256);
        } while (value == old);
        bytes[at] = value;
        return write(bytes, "byte " + at + " changed from " + (old & 0xFF) + " to " + (value & 0xFF));
    }

    /** Keeps the first {@code length} bytes. */
    public String truncate(int length) {
        return write(Arrays.copyOf(bytes, length), "cut at byte " + length + " of " + bytes.length);
    }

    public int length() {
        return bytes.length;
    }

    private String write(byte[] content, String what) {
        try {
            Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return what;
    }

    private Element element(int start) {
        int position = start;
        int first = bytes[position] & 0xFF;
        int idLength = Integer.numberOfLeadingZeros(first) - 23;
        long id = 0;
        for (int i = 0; i < idLength; i++) {
            id = (id << 8) | (bytes[position++] & 0xFF);
        }
        int sizeFirst = bytes[position] & 0xFF;
        int sizeLength = Integer.numberOfLeadingZeros(sizeFirst) - 23;
        long size = sizeFirst & (0xFF >> sizeLength);
        position++;
        for (int i = 1; i < sizeLength; i++) {
            size = (size << 8) | (bytes[position++] & 0xFF);
        }
        return new Element(id, start, position, (int) (position + size));
    }
}
