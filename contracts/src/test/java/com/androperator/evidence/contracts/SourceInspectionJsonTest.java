package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.SourceInspection.ContainerCheck;
import com.androperator.evidence.contracts.SourceInspection.DecoderRun;
import com.androperator.evidence.contracts.SourceInspection.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** captures.json's details.sourceInspection keeps the shape it had as a map: same keys, same order, same nulls. */
class SourceInspectionJsonTest {
    private static final ContainerCheck CONTAINER = new ContainerCheck(4096, null, 3, 40, 0, 8, 0, List.of());
    private static final DecoderRun STOPPED = new DecoderRun(List.of("ffprobe", "src.mkv"), "deadline", null, 0, "",
            false, null, null);

    @Test
    void aSourceThatCouldNotBeOpenedHasOnlyItsVerdict() {
        assertThat(json(SourceInspection.only(Verdict.NOT_INSPECTED))).isEqualTo("{\"verdict\":\"not_inspected\"}");
    }

    @Test
    void aDecoderThatDidNotExitKeepsANullExitStatusAndHasNoCountsNorFindings() {
        assertThat(json(new SourceInspection(CONTAINER, STOPPED, null, Verdict.NOT_INSPECTED))).isEqualTo(
                "{\"container\":{\"fileBytes\":4096,\"declaredSegmentBytes\":null,\"clusters\":3,\"videoBlocks\":40,"
                        + "\"otherTrackBlocks\":0,\"crcChecked\":8,\"problemCount\":0,\"problems\":[]},"
                        + "\"decoder\":{\"command\":[\"ffprobe\",\"src.mkv\"],\"termination\":\"deadline\","
                        + "\"exitStatus\":null,\"stderrBytes\":0,\"stderr\":\"\",\"stderrTruncated\":false},"
                        + "\"verdict\":\"not_inspected\"}");
    }

    @Test
    void anExitedDecoderAddsWhatItReadAndTheFindingsComeBeforeTheVerdict() {
        DecoderRun exited = new DecoderRun(List.of("ffprobe"), "exited", 0, 0, "", false, null, null).decoded(40, 40);

        assertThat(json(new SourceInspection(CONTAINER, exited, List.of(), Verdict.INTACT))).endsWith(
                "\"decoder\":{\"command\":[\"ffprobe\"],\"termination\":\"exited\",\"exitStatus\":0,\"stderrBytes\":0,"
                        + "\"stderr\":\"\",\"stderrTruncated\":false,\"packets\":40,\"frames\":40},"
                        + "\"findings\":[],\"verdict\":\"intact\"}");
    }

    private static String json(SourceInspection inspection) {
        return new String(ContractJson.toBytes(inspection), StandardCharsets.UTF_8);
    }
}
