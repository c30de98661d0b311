package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.foreign.ForeignRecord;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DetailsTest {
    @Test
    void writesKeysInOrderAndReplacesInPlace() {
        Details details = Details.builder().text(DetailKey.PHASE, "read").number(DetailKey.BYTES_RECEIVED, 12L)
                .flag(DetailKey.DISPATCHED, true).text(DetailKey.PHASE, "verify").build();

        assertThat(ContractJson.toJson(details)).isEqualTo("{\"phase\":\"verify\",\"bytesReceived\":12,\"dispatched\":true}");
    }

    @Test
    void nestedDetailsListsAndRecordsAreWrittenAsJson() {
        Details inner = Details.builder().text(DetailKey.CODE, "E").build();
        Details details = Details.builder().nested(DetailKey.CAUSE_DETAILS, inner)
                .list(DetailKey.ERRORS, List.of(inner, Details.NONE)).texts(DetailKey.STEPS, List.of("a", "b"))
                .instant(DetailKey.STARTED_AT, Instant.parse("2026-12-05T03:00:00Z")).build();

        assertThat(details.asMap()).containsEntry("causeDetails", Map.of("code", "E"))
                .containsEntry("errors", List.of(Map.of("code", "E"), Map.of())).containsEntry("steps", List.of("a", "b"));
        assertThat(ContractJson.toJson(details)).startsWith("{\"causeDetails\":{\"code\":\"E\"},\"errors\":[{\"code\":\"E\"},{}]");
    }

    @Test
    void readsBackWhatItWroteKeysAndNullsAsWritten() {
        byte[] json = "{\"unknownKey\":null,\"nested\":{\"a\":[1,{\"b\":false}]}}".getBytes(StandardCharsets.UTF_8);

        Details read = ContractJson.read(json, Details.class);

        assertThat(new String(ContractJson.toBytes(read), StandardCharsets.UTF_8))
                .isEqualTo("{\"unknownKey\":null,\"nested\":{\"a\":[1,{\"b\":false}]}}");
        assertThat(read).isEqualTo(Details.fromJson(read.asMap()));
    }

    @Test
    void noneIsEmptyAndBuildersDoNotShareState() {
        Details.Builder builder = Details.builder().text(DetailKey.PATH, "/x");
        Details first = builder.build();
        builder.without(DetailKey.PATH);

        assertThat(first.asMap()).containsOnlyKeys("path");
        assertThat(builder.build()).isSameAs(Details.NONE);
        assertThat(ContractJson.toJson(Details.NONE)).isEqualTo("{}");
        assertThat(ContractJson.toJson(Details.builder().textOrNull(DetailKey.COMPONENT, null).build()))
                .isEqualTo("{\"component\":null}");
        assertThat(first.toBuilder().all(Details.builder().flag(DetailKey.OK, false).build()).build().asMap())
                .containsExactly(Map.entry("path", "/x"), Map.entry("ok", false));
        assertThat(first.toBuilder().textIfAbsent(DetailKey.PATH, "/y").textIfAbsent(DetailKey.OPTION, "--o").build()
                .asMap()).containsExactly(Map.entry("path", "/x"), Map.entry("option", "--o"));
    }

    @Test
    void onlyContractRecordsAreWrittenWhole() {
        assertThatThrownBy(() -> Details.builder().record(DetailKey.KIND, new ForeignRecord("x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only a contract record");
    }
}
