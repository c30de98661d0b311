package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the inspection of a recorded source observed, kept in the video record's
 * {@code details.sourceInspection}: the container's own check, the decoder's run, the findings
 * and the verdict. A part that was not reached is absent (a source that could not be opened has
 * only its verdict; a decoder that did not exit has no findings).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SourceInspection(@Nullable ContainerCheck container, @Nullable DecoderRun decoder,
                               @Nullable List<String> findings, Verdict verdict) {

    public SourceInspection {
        findings = findings == null ? null : List.copyOf(findings);
        Objects.requireNonNull(verdict, "verdict");
    }

    /** Only the verdict: nothing else was reached. */
    public static SourceInspection only(Verdict verdict) {
        return new SourceInspection(null, null, null, verdict);
    }

    /** Whether the source is whole, damaged, or could not be inspected at all. */
    public enum Verdict implements WireEnum {
        INTACT("intact"),
        DAMAGED("damaged"),
        NOT_INSPECTED("not_inspected");

        private final String wire;

        Verdict(String wire) {
            this.wire = wire;
        }

        @JsonValue
        @Override
        public String wire() {
            return wire;
        }
    }

    /**
     * The Matroska pass over the file: its size, the Segment's declared size (null when unknown,
     * written as null), clusters and blocks counted, CRC-32 elements checked, and the problems found
     * (the count goes on past the kept list).
     */
    public record ContainerCheck(long fileBytes, @Nullable Long declaredSegmentBytes,
                                 int clusters, long videoBlocks, long otherTrackBlocks, int crcChecked, int problemCount,
                                 List<String> problems) {
        public ContainerCheck {
            problems = List.copyOf(problems);
        }
    }

    /**
     * The decoder's run: its command line, how it ended ({@code termination}), its exit status (null,
     * written as null, when it did not exit), its stderr (bounded; the full size beside it), and,
     * once it exited, the packets read and frames decoded (absent before).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DecoderRun(List<String> command, String termination,
                             @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable Integer exitStatus, int stderrBytes,
                             String stderr, boolean stderrTruncated, @Nullable Long packets, @Nullable Integer frames) {
        public DecoderRun {
            command = List.copyOf(command);
            Objects.requireNonNull(termination, "termination");
            Objects.requireNonNull(stderr, "stderr");
        }

        /** This run with what it read and decoded. */
        public DecoderRun decoded(long packetsRead, int framesDecoded) {
            return new DecoderRun(command, termination, exitStatus, stderrBytes, stderr, stderrTruncated, packetsRead,
                    framesDecoded);
        }
    }
}
