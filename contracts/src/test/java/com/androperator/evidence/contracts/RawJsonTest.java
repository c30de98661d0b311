package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RawJsonTest {
    /** A value read from a stream, as a spool hands it over, in the pieces the serializer cuts. */
    private static final class Streamed extends RawJson {
        private final byte[] utf8;

        Streamed(String json) {
            this.utf8 = json.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public long utf8Length() {
            return utf8.length;
        }

        @Override
        public InputStream openUtf8() {
            return new ByteArrayInputStream(utf8);
        }
    }

    /** Longer than one piece, with characters of two, three and four UTF-8 bytes wherever the cuts fall. */
    private static String longEnvelope() {
        StringBuilder text = new StringBuilder();
        while (text.length() < 200_000) {
            text.append("<node text='Zeile ü – 😀' />");
        }
        return "{\"commandId\":\"c-1\",\"stepResults\":[{\"data\":{\"text\":\"" + text + "\"}}],\"vendor\":[1,2.50]}";
    }

    private static Map<String, Object> document(Object envelope) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("ok", true);
        document.put("envelope", envelope);
        document.put("deviceId", "emulator-5554");
        return document;
    }

    @Test
    void aValueInMemoryIsWrittenByteForByteInsideAnIndentedDocument() {
        String envelope = "{\"commandId\":\"c-1\",\"vendor\":{\"nested\":[1,2.50]},\"text\":\"\\u003chierarchy/>\"}";
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        ContractJson.writePretty(out, document(RawJson.of(envelope.getBytes(StandardCharsets.UTF_8))));

        String written = out.toString(StandardCharsets.UTF_8);
        assertThat(written).contains("\"envelope\" : " + envelope + ",");
        Map<String, Object> read = ContractJson.mapper().readValue(out.toByteArray(),
                new tools.jackson.core.type.TypeReference<Map<String, Object>>() { });
        assertThat(read.keySet()).containsExactly("ok", "envelope", "deviceId");
        assertThat(((Map<?, ?>) read.get("envelope")).get("text")).isEqualTo("<hierarchy/>");
    }

    @Test
    void aStreamedValueIsWrittenWholeByByteAndCharacterGenerators() {
        String envelope = longEnvelope();

        String bytes = new String(ContractJson.toPrettyBytes(document(new Streamed(envelope))), StandardCharsets.UTF_8);
        String chars = ContractJson.toJson(List.of(new Streamed(envelope)));

        assertThat(bytes).contains("\"envelope\" : " + envelope + ",");
        assertThat(chars).isEqualTo("[" + envelope + "]");
    }

    @Test
    void valuesAreEqualWhenTheirBytesAre() {
        String envelope = longEnvelope();

        assertThat(RawJson.of(envelope.getBytes(StandardCharsets.UTF_8))).isEqualTo(new Streamed(envelope))
                .isNotEqualTo(RawJson.of("{}".getBytes(StandardCharsets.UTF_8)));
        assertThat(RawJson.of(envelope.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(RawJson.of(envelope.getBytes(StandardCharsets.UTF_8)))
                .hasSameHashCodeAs(new Streamed(envelope));
    }
}
