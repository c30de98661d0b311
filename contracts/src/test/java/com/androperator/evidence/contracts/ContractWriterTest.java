package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.SourceInspection.ContainerCheck;
import com.androperator.evidence.contracts.SourceInspection.DecoderRun;
import com.androperator.evidence.contracts.foreign.ForeignRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectWriter;

/**
 * The contract writer ({@link ContractWriter}, behind every {@link ContractJson} write of a
 * contract value) writes the bytes Jackson's databind writes from the same records' annotations:
 * compact, indented, as text and to an open stream, for every sample of every document and for
 * the values the documents carry.
 */
class ContractWriterTest {
    private static final ObjectWriter DATABIND_PRETTY = ContractJson.mapper().writerWithDefaultPrettyPrinter();

    static Stream<Arguments> values() {
        Map<String, Object> all = new LinkedHashMap<>();
        ContractSamples.validManifests().forEach((name, manifest) -> all.put("manifest: " + name, manifest));
        ContractSamples.validCaptures().forEach((name, captures) -> all.put("captures: " + name, captures));
        ContractSamples.validResults().forEach((name, result) -> all.put("result: " + name, result));
        all.put("source inspection", inspection());
        all.put("details of every kind", everyKindOfDetail());
        all.put("a caller's context", CallerContext.copyOf(callerJson()));
        all.put("an Operator payload", callerJson());
        all.put("a list of values", Arrays.asList("a", 1, null, true, List.of(), Map.of()));
        all.put("a wire enum", ArtifactStatus.PARTIAL);
        all.put("a video size", new VideoSize(576, 1280));
        all.put("device type properties", new DeviceTypeProperties("1", null));
        all.put("text", "line\nwith \"quotes\" and ü 😀");
        all.put("a big number", new BigDecimal("1.50E+3"));
        return all.entrySet().stream().map(entry -> Arguments.of(entry.getKey(), entry.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void writesTheBytesDatabindWrites(String name, Object value) throws IOException {
        assertThat(utf8(ContractJson.toBytes(value))).isEqualTo(utf8(ContractJson.mapper().writeValueAsBytes(value)));
        assertThat(utf8(ContractJson.toPrettyBytes(value))).isEqualTo(utf8(DATABIND_PRETTY.writeValueAsBytes(value)));
        assertThat(ContractJson.toJson(value)).isEqualTo(ContractJson.mapper().writeValueAsString(value));
        assertThat(ContractJson.compactUtf8Length(value)).isEqualTo(ContractJson.mapper().writeValueAsBytes(value).length);
        ClosingRecorder open = new ClosingRecorder();
        ContractJson.writePretty(open, value);
        assertThat(utf8(open.toByteArray())).isEqualTo(utf8(DATABIND_PRETTY.writeValueAsBytes(value)));
        assertThat(open.closed).as("the caller's stream stays open").isFalse();
        assertThat(open.flushed).as("and is flushed").isTrue();
    }

    @Test
    void whatItCannotWriteItselfGoesToTheMapperInsideTheSameDocument() {
        Map<String, Object> foreign = new LinkedHashMap<>();
        foreign.put("record", new ForeignRecord("x"));
        foreign.put("at", Instant.parse("2024-05-01T10:00:00.250Z"));
        foreign.put("numbered keys", new TreeMap<>(Map.of(2, "b", 1, "a")));

        assertThat(utf8(ContractJson.toPrettyBytes(foreign))).isEqualTo(utf8(DATABIND_PRETTY.writeValueAsBytes(foreign)))
                .contains("\"value\" : \"x\"", "\"2024-05-01T10:00:00.250Z\"", "\"1\" : \"a\"");
    }

    @Test
    void nullIsWrittenAsDatabindWritesIt() {
        assertThat(ContractJson.toJson(null)).isEqualTo("null").isEqualTo(ContractJson.mapper().writeValueAsString(null));
        Details withNull = Details.builder().textOrNull(DetailKey.PATH, null).build();
        assertThat(ContractJson.toJson(withNull.asMap().get(DetailKey.PATH.json()))).isEqualTo("null");
    }

    @Test
    void aWriteThatFailsLeavesItsBytesUnclosedAndSaysWhatFailed() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Details failing = Details.builder().text(DetailKey.KIND, "written first")
                .record(DetailKey.DETAILS, new Failing("x")).build();

        assertThatThrownBy(() -> ContractJson.writePretty(out, failing))
                .isInstanceOf(JacksonException.class)
                .hasMessageContaining("could not write " + Details.class.getName())
                .hasRootCauseInstanceOf(IllegalStateException.class).hasRootCauseMessage("no value today");
        assertThat(utf8(out.toByteArray())).isEqualTo("{\n  \"kind\" : \"written first\",\n  \"details\" : {")
                .doesNotEndWith("}");
    }

    /** A contract record whose accessor fails, as a spool that vanished would. */
    record Failing(String value) {
        @Override
        public String value() {
            throw new IllegalStateException("no value today");
        }
    }

    @Test
    void aStreamedValueThatFailsToReadFailsTheWriteWithItsCause() {
        StreamedString failing = new StreamedString() {
            @Override
            public long utf8Length() {
                return 10;
            }

            @Override
            public InputStream openUtf8() throws IOException {
                throw new IOException("the spool is gone");
            }
        };
        Details details = Details.builder().streamedText(DetailKey.LOGGED_HIERARCHY, failing).build();

        assertThatThrownBy(() -> ContractJson.toBytes(details)).isInstanceOf(UncheckedIOException.class)
                .hasMessage("the streamed text could not be read while writing JSON")
                .hasRootCauseMessage("the spool is gone");
    }

    private static SourceInspection inspection() {
        ContainerCheck container = new ContainerCheck(4096, null, 3, 40, 0, 8, 1, List.of("a CRC-32 mismatch"));
        DecoderRun decoder = new DecoderRun(List.of("ffprobe", "src.mkv"), "exited", 0, 12, "warning", false, null, null)
                .decoded(40, 39);
        return new SourceInspection(container, decoder, List.of("a frame missing"), SourceInspection.Verdict.DAMAGED);
    }

    private static Details everyKindOfDetail() {
        return Details.builder()
                .text(DetailKey.KIND, "kind")
                .textOrNull(DetailKey.PATH, null)
                .number(DetailKey.BYTES, 12L)
                .number(DetailKey.LIMIT, new BigDecimal("2.50"))
                .number(DetailKey.INDEX, BigInteger.TEN.pow(30))
                .number(DetailKey.DURATION_MS, 1.5d)
                .flag(DetailKey.DISPATCHED, false)
                .texts(DetailKey.FILES, List.of("a.b", "c.d"))
                .nested(DetailKey.DETAILS, Details.of(DetailKey.SERIAL, "emulator-5554"))
                .list(DetailKey.DEPENDENCIES, List.of(Details.of(DetailKey.DEPENDENCY, "scrcpy"), Details.NONE))
                .streamedText(DetailKey.LOGGED_HIERARCHY, StreamedString.of("<hierarchy rotation=\"0\"/>"))
                .rawJson(DetailKey.ENVELOPE, RawJson.of("{\"a\":[1,2.50,null]}".getBytes(StandardCharsets.UTF_8)))
                .record(DetailKey.SOURCE_INSPECTION, inspection())
                .instant(DetailKey.STARTED_AT, Instant.parse("2024-05-01T10:00:00Z"))
                .build();
    }

    private static Map<String, Object> callerJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("run", "r-1");
        json.put("attempt", 2);
        json.put("ratio", new BigDecimal("0.10"));
        json.put("huge", new BigInteger("123456789012345678901234567890"));
        json.put("flags", Arrays.asList(true, false, null));
        json.put("nested", Map.of("empty", Map.of()));
        return json;
    }

    private static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Records whether the writer closed or flushed the caller's stream. */
    private static final class ClosingRecorder extends ByteArrayOutputStream {
        boolean closed;
        boolean flushed;

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public void flush() {
            flushed = true;
        }
    }
}
