package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.adb.OperatorResultAssembler.Verdict;
import com.androperator.evidence.domain.port.OperatorGateway;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class OperatorResultAssemblerTest {
    private static final String COMMAND = "ev-1-hierarchy";
    private static final String TASK = "ev-1";
    private static final String PREFIX = "11-30 00:00:01.234 I/AndroperatorOperator( 4321): ";

    private static String envelope(String commandId, String xml) {
        return "{\"commandId\":\"" + commandId + "\",\"taskId\":\"" + TASK + "\",\"status\":\"success\","
                + "\"stepResults\":[{\"id\":\"snap\",\"actionType\":\"snapshot_ui\",\"success\":true,"
                + "\"data\":{\"text\":\"" + xml + "\",\"operator_overlay_visible\":\"false\",\"extra\":\"kept\"}}],"
                + "\"error\":null,\"errorCode\":null,\"vendorField\":{\"nested\":[1,2.50]}}";
    }

    private static String resultLine(String json) {
        return OperatorResultAssembler.RESULT_MARKER + json;
    }

    /** Chunk lines of {@code fullLine}, {@code size} bytes each, with a header editor for corruptions. */
    private static List<String> chunks(String fullLine, int size, UnaryOperator<String> headerEdit) {
        byte[] bytes = fullLine.getBytes(StandardCharsets.UTF_8);
        String sha = sha256(bytes);
        int count = (bytes.length + size - 1) / size;
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int from = i * size;
            int to = Math.min(bytes.length, from + size);
            byte[] part = java.util.Arrays.copyOfRange(bytes, from, to);
            lines.add(chunkLine(COMMAND, i, count, bytes.length, sha, Base64.getEncoder().encodeToString(part),
                    headerEdit));
        }
        return lines;
    }

    private static String chunkLine(String commandId, int index, int count, long byteLength, String sha, String data,
                                    UnaryOperator<String> headerEdit) {
        String header = "{\"commandId\":\"" + commandId + "\",\"taskId\":\"" + TASK + "\",\"index\":" + index
                + ",\"count\":" + count + ",\"byteLength\":" + byteLength + ",\"sha256\":\"" + sha
                + "\",\"data\":\"" + data + "\"}";
        return PREFIX + OperatorResultAssembler.CHUNK_MARKER + " " + headerEdit.apply(header);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Verdict feed(OperatorResultAssembler assembler, List<String> lines) {
        Verdict verdict = new Verdict.Pending();
        for (String line : lines) {
            verdict = assembler.accept(line);
        }
        return verdict;
    }

    private static Verdict feed(List<String> lines) {
        return feed(new OperatorResultAssembler(COMMAND, TASK), lines);
    }

    private static String malformedReason(Verdict verdict) {
        assertThat(verdict).isInstanceOf(Verdict.Malformed.class);
        return ((Verdict.Malformed) verdict).reason();
    }

    private static String bigXml() {
        StringBuilder xml = new StringBuilder("<hierarchy rotation='0'>");
        for (int i = 0; i < 200; i++) {
            xml.append("<node index='").append(i).append("' text='Zeile ").append(i).append(" – ü' />");
        }
        return xml.append("</hierarchy>").toString();
    }

    @Test
    void aSingleResultLineIsAcceptedVerbatim() {
        Verdict verdict = feed(List.of(PREFIX + "unrelated", PREFIX + resultLine(envelope(COMMAND, "<hierarchy/>"))));

        assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
        Verdict.Accepted accepted = (Verdict.Accepted) verdict;
        assertThat(accepted.chunked()).isFalse();
        assertThat(accepted.envelope().succeeded()).isTrue();
        assertThat(Objects.requireNonNull(accepted.envelope().stepResults().get(0).text(), "data.text").readString())
                .isEqualTo("<hierarchy/>");
        // The envelope's own bytes, every field and number as the Operator wrote it.
        assertThat(accepted.original().readString()).isEqualTo(envelope(COMMAND, "<hierarchy/>"));
    }

    @Test
    void doctorPingFactsAreReadOnceAsTypedReadinessAndOnlyTrueOrFalseCounts() {
        String ping = "{\"commandId\":\"" + COMMAND + "\",\"taskId\":\"" + TASK + "\",\"status\":\"success\","
                + "\"stepResults\":[{\"id\":\"h1\",\"actionType\":\"doctor_ping\",\"success\":true,"
                + "\"data\":{\"screen_on\":\"true\",\"device_locked\":\"TRUE\"}}],\"error\":null,\"errorCode\":null}";

        Verdict.Accepted accepted = (Verdict.Accepted) feed(List.of(resultLine(ping)));

        assertThat(accepted.envelope().stepResults().get(0).readiness())
                .isEqualTo(new OperatorGateway.Readiness(true, null, null));
        assertThat(accepted.envelope().stepResults().get(0).readiness().ready()).isFalse();
    }

    @Test
    void aFailedEnvelopeKeepsTheOperatorErrorCode() {
        String failed = "{\"commandId\":\"" + COMMAND + "\",\"taskId\":\"" + TASK + "\",\"status\":\"failed\","
                + "\"stepResults\":[],\"error\":\"no window\",\"errorCode\":\"UI_TREE_UNAVAILABLE\"}";

        Verdict verdict = feed(List.of(resultLine(failed)));

        Verdict.Accepted accepted = (Verdict.Accepted) verdict;
        assertThat(accepted.envelope().succeeded()).isFalse();
        assertThat(accepted.envelope().errorCode()).isEqualTo("UI_TREE_UNAVAILABLE");
        assertThat(accepted.envelope().error()).isEqualTo("no window");
    }

    @Test
    void resultsAndChunksOfOtherCommandsAreIgnored() {
        String other = envelope("other-command", "<hierarchy/>");
        List<String> lines = new ArrayList<>();
        lines.add(PREFIX + resultLine(other));
        lines.add(PREFIX + OperatorResultAssembler.CHUNK_MARKER + " {\"commandId\":\"other\",\"index\":0}");
        lines.add(PREFIX + resultLine("not json at all"));
        lines.add(PREFIX + OperatorResultAssembler.CHUNK_MARKER + " garbage");
        OperatorResultAssembler assembler = new OperatorResultAssembler(COMMAND, TASK);

        assertThat(feed(assembler, lines)).isInstanceOf(Verdict.Pending.class);
        assertThat(assembler.chunksReceived()).isZero();
        assertThat(assembler.accept(resultLine(envelope(COMMAND, "<hierarchy/>")))).isInstanceOf(Verdict.Accepted.class);
    }

    @Test
    void chunksAreReassembledInIndexOrderWhateverTheArrivalOrder() {
        String full = resultLine(envelope(COMMAND, bigXml()));
        List<String> lines = chunks(full, 1024, UnaryOperator.identity());
        java.util.Collections.reverse(lines);
        lines.add(1, PREFIX + resultLine(envelope("someone-else", "<x/>")));
        OperatorResultAssembler assembler = new OperatorResultAssembler(COMMAND, TASK);

        Verdict verdict = feed(assembler, lines);

        assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
        assertThat(((Verdict.Accepted) verdict).chunked()).isTrue();
        assertThat(((Verdict.Accepted) verdict).original().readString()).isEqualTo(envelope(COMMAND, bigXml()));
        assertThat(((Verdict.Accepted) verdict).envelope().stepResults().get(0).text().readString()).isEqualTo(bigXml());
        assertThat(assembler.chunksReceived()).isEqualTo(lines.size() - 1).isGreaterThan(3);
    }

    /**
     * The envelope's original bytes are the chunks' own spool when they arrive in index order and a
     * copy made while reading otherwise: the same bytes either way, the white space around the
     * envelope left out, whether a chunk came twice or not, and still readable after the assembler
     * is closed (the verdict's taker closes them).
     */
    @Test
    void theOriginalIsTheEnvelopeAloneInEveryArrivalOrder() {
        String json = envelope(COMMAND, bigXml());
        List<String> inOrder = chunks(OperatorResultAssembler.RESULT_MARKER + " \t" + json + "\r\n ", 1024,
                UnaryOperator.identity());
        List<String> repeated = new ArrayList<>(inOrder);
        repeated.add(2, inOrder.get(1));
        List<String> swapped = new ArrayList<>(inOrder);
        java.util.Collections.swap(swapped, 1, 2);
        for (List<String> lines : List.of(inOrder, repeated, swapped)) {
            OperatorResultAssembler assembler = new OperatorResultAssembler(COMMAND, TASK);
            Verdict verdict = feed(assembler, lines);
            assembler.close();

            assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
            Verdict.Accepted accepted = (Verdict.Accepted) verdict;
            assertThat(accepted.original().readString()).isEqualTo(json);
            assertThat(accepted.original().utf8Length()).isEqualTo(json.getBytes(StandardCharsets.UTF_8).length);
            assertThat(accepted.envelope().stepResults().get(0).text().readString()).isEqualTo(bigXml());
            accepted.close();
        }
    }

    /** A result past the in-memory limit goes to a temporary file, and the original is read from there. */
    @Test
    void anOriginalSpooledToDiskIsTheEnvelopeToo() {
        StringBuilder xml = new StringBuilder("<hierarchy>");
        while (xml.length() < com.androperator.evidence.contracts.ParserLimits.RESULT_IN_MEMORY_BYTES + 4096) {
            xml.append("<node text='Zeile ").append(xml.length()).append(" – ü' />");
        }
        String json = envelope(COMMAND, xml.append("</hierarchy>").toString());
        for (boolean inOrder : new boolean[] {true, false}) {
            List<String> lines = chunks(resultLine(json), 4096, UnaryOperator.identity());
            if (!inOrder) {
                java.util.Collections.swap(lines, 0, lines.size() - 1);
            }
            OperatorResultAssembler assembler = new OperatorResultAssembler(COMMAND, TASK);
            Verdict verdict = feed(assembler, lines);

            assertThat(assembler.spooledToDisk()).isTrue();
            assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
            assembler.close();
            Verdict.Accepted accepted = (Verdict.Accepted) verdict;
            assertThat(accepted.original().readString()).isEqualTo(json);
            accepted.close();
        }
    }

    @Test
    void chunkDataIsReadTheSameWithEscapedSlashesAndInAnyLayout() {
        String full = resultLine(envelope(COMMAND, bigXml()));
        // Android's JSONObject writes '/' as "\/"; other layouts take the whole header's read.
        for (UnaryOperator<String> layout : List.<UnaryOperator<String>>of(header -> header.replace("/", "\\/"),
                header -> header.replace("\"data\":", "\"data\" : "), header -> header.replace("\"data\":\"", "\"data\":\"\\u0041")
                        .replace("\"index\":", "\"index\" :"))) {
            List<String> lines = chunks(full, 1024, layout);

            Verdict verdict = feed(lines);

            if (lines.get(0).contains("\\u0041")) {
                assertThat(verdict).isInstanceOf(Verdict.Malformed.class);
                assertThat(((Verdict.Malformed) verdict).reason()).contains("data is not base64");
            } else {
                assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
                assertThat(((Verdict.Accepted) verdict).original().readString()).isEqualTo(envelope(COMMAND, bigXml()));
            }
        }
    }

    @Test
    void aChunkWithDataThatIsNotBase64IsMalformedInEitherLayout() {
        for (String data : List.of("\"data\":\"AAA!\"", "\"data\" : \"AAA!\"")) {
            Verdict verdict = feed(List.of(chunkLine(COMMAND, 0, 1, 3, "a".repeat(64), "X", header -> header
                    .replace("\"data\":\"X\"", data))));

            assertThat(verdict).isInstanceOf(Verdict.Malformed.class);
            assertThat(((Verdict.Malformed) verdict).reason()).startsWith("chunk 0 data is not base64");
        }
    }

    @Test
    void aRepeatedIdenticalChunkIsHarmless() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024, UnaryOperator.identity());
        lines.add(1, lines.get(0));

        assertThat(feed(lines)).isInstanceOf(Verdict.Accepted.class);
    }

    @Test
    void aRepeatedIndexWithOtherDataIsMalformed() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024, UnaryOperator.identity());
        lines.add(1, lines.get(1).replace("\"index\":1", "\"index\":0"));

        assertThat(malformedReason(feed(lines))).contains("chunk 0 arrived twice with different data");
    }

    @Test
    void chunksThatDisagreeOnTheCountAreMalformed() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024, UnaryOperator.identity());
        lines.set(1, lines.get(1).replaceFirst("\"count\":\\d+", "\"count\":99"));

        assertThat(malformedReason(feed(lines))).contains("chunks disagree");
    }

    @Test
    void anIndexOutsideTheCountIsMalformed() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024, UnaryOperator.identity());
        lines.set(0, lines.get(0).replace("\"index\":0", "\"index\":" + lines.size()));

        assertThat(malformedReason(feed(lines))).contains("outside 0..");
    }

    @Test
    void aMissingChunkNeverCompletes() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024, UnaryOperator.identity());
        lines.remove(2);

        assertThat(feed(lines)).isInstanceOf(Verdict.Pending.class);
    }

    @Test
    void badBase64IsMalformed() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024, UnaryOperator.identity());
        lines.set(1, lines.get(1).replaceFirst("\"data\":\"", "\"data\":\"!!"));

        assertThat(malformedReason(feed(lines))).contains("not base64");
    }

    @Test
    void alteredBytesFailTheHash() {
        String full = resultLine(envelope(COMMAND, bigXml()));
        String altered = full.replace("Zeile 7 ", "Zeile X ");
        byte[] originalBytes = full.getBytes(StandardCharsets.UTF_8);
        List<String> lines = chunks(altered, 1024, header -> header.replaceFirst("\"sha256\":\"[0-9a-f]+\"",
                "\"sha256\":\"" + sha256(originalBytes) + "\""));

        assertThat(malformedReason(feed(lines))).contains("the reassembled line has sha256");
    }

    @Test
    void aByteLengthThatDoesNotMatchIsMalformed() {
        String full = resultLine(envelope(COMMAND, bigXml()));
        int actual = full.getBytes(StandardCharsets.UTF_8).length;

        assertThat(malformedReason(feed(chunks(full, 1024,
                header -> header.replace("\"byteLength\":" + actual, "\"byteLength\":" + (actual + 5))))))
                .contains("byteLength says " + (actual + 5));
        assertThat(malformedReason(feed(chunks(full, 1024,
                header -> header.replace("\"byteLength\":" + actual, "\"byteLength\":" + (actual - 5))))))
                .contains("more than byteLength");
    }

    @Test
    void aReassembledLineWithoutTheResultMarkerIsMalformed() {
        assertThat(malformedReason(feed(chunks("[Something-Else] " + envelope(COMMAND, bigXml()), 1024,
                UnaryOperator.identity())))).contains("does not start with [Androperator-Result]");
    }

    @Test
    void aReassembledLineThatIsNoEnvelopeIsMalformed() {
        assertThat(malformedReason(feed(chunks(resultLine("[1,2,3]"), 4, UnaryOperator.identity()))))
                .contains("not an envelope");
        String badStatus = envelope(COMMAND, bigXml()).replace("\"status\":\"success\"", "\"status\":\"done\"");
        assertThat(malformedReason(feed(chunks(resultLine(badStatus), 1024, UnaryOperator.identity()))))
                .contains("status is done");
    }

    @Test
    void aReassembledEnvelopeOfAnotherCommandIsMalformed() {
        assertThat(malformedReason(feed(chunks(resultLine(envelope("another-command", bigXml())), 1024,
                UnaryOperator.identity())))).contains("names commandId another-command");
    }

    @Test
    void aChunkOfAnotherTaskIsMalformed() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024,
                header -> header.replace("\"taskId\":\"" + TASK + "\"", "\"taskId\":\"ev-2\""));

        assertThat(malformedReason(feed(lines))).contains("chunk taskId ev-2");
    }

    @Test
    void aChunkHeaderOutOfRangeIsMalformed() {
        List<String> badHash = chunks(resultLine(envelope(COMMAND, "<h/>")), 1024,
                header -> header.replaceFirst("\"sha256\":\"[0-9a-f]+\"", "\"sha256\":\"xyz\""));
        List<String> floatIndex = chunks(resultLine(envelope(COMMAND, "<h/>")), 1024,
                header -> header.replace("\"index\":0", "\"index\":0.5"));

        assertThat(malformedReason(feed(badHash))).contains("out of range");
        assertThat(malformedReason(feed(floatIndex))).contains("lacks integral index");
    }

    @Test
    void anUppercaseHashIsTheSameHash() {
        List<String> lines = chunks(resultLine(envelope(COMMAND, bigXml())), 1024,
                OperatorResultAssemblerTest::upperHash);

        assertThat(feed(lines)).isInstanceOf(Verdict.Accepted.class);
    }

    private static String upperHash(String header) {
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\"sha256\":\"([0-9a-f]+)\"").matcher(header);
        return matcher.find() ? header.replace(matcher.group(1), matcher.group(1).toUpperCase()) : header;
    }

    @Test
    void unreadableLinesThatMentionThisCommandAreMalformed() {
        assertThat(malformedReason(feed(List.of(PREFIX + OperatorResultAssembler.CHUNK_MARKER + " {\"commandId\":\""
                + COMMAND + "\",\"index\":0,")))).contains("not JSON");
        assertThat(malformedReason(feed(List.of(PREFIX + resultLine("{\"commandId\":\"" + COMMAND + "\", broken")))))
                .contains("not an envelope");
    }

    @Test
    void anEnvelopeOfThisCommandWithWrongShapesIsMalformed() {
        String base = envelope(COMMAND, "<h/>");
        assertThat(malformedReason(feed(List.of(resultLine(base.replace("\"extra\":\"kept\"", "\"extra\":7"))))))
                .contains("data.extra is not a string");
        assertThat(malformedReason(feed(List.of(resultLine(base.replace("\"success\":true", "\"success\":\"yes\""))))))
                .contains("boolean success");
        assertThat(malformedReason(feed(List.of(resultLine(base.replace("\"taskId\":\"ev-1\"", "\"taskId\":\"ev-9\""))))))
                .contains("taskId is ev-9");
        assertThat(malformedReason(feed(List.of(resultLine(base.replace("\"errorCode\":null", "\"errorCode\":3"))))))
                .contains("errorCode");
        assertThat(malformedReason(feed(List.of(resultLine(base + base))))).contains("not an envelope");
        assertThat(malformedReason(feed(List.of(resultLine(
                base.replace("\"error\":null", "\"error\":null,\"error\":\"twice\""))))))
                .contains("not an envelope");
    }

    @Test
    void theFirstFinalVerdictSticks() {
        OperatorResultAssembler assembler = new OperatorResultAssembler(COMMAND, TASK);
        Verdict malformed = assembler.accept(resultLine(envelope(COMMAND, "<h/>").replace("success\",", "nope\",")));

        assertThat(malformed).isInstanceOf(Verdict.Malformed.class);
        assertThat(assembler.accept(resultLine(envelope(COMMAND, "<h/>")))).isSameAs(malformed);
    }

    @Test
    void aChunkHashIsSixtyFourHexDigitsOfEitherCaseAsTheRegexSaid() {
        java.util.regex.Pattern regex = java.util.regex.Pattern.compile("[0-9a-fA-F]{64}");
        char[] alphabet = {'0', '9', 'a', 'f', 'A', 'F', 'g', 'G', '/', ':', '@', '`', '\u0660', '\uff10'};
        java.util.Random random = new java.util.Random(64);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(4) == 0 ? random.nextInt(70) : 64;
            for (int n = 0; n < length; n++) {
                text.append(random.nextInt(8) == 0 ? alphabet[random.nextInt(alphabet.length)]
                        : "0123456789abcdefABCDEF".charAt(random.nextInt(22)));
            }
            assertThat(OperatorResultAssembler.isSha256Hex(text.toString())).as(text.toString())
                    .isEqualTo(regex.matcher(text).matches());
        }
    }
}
