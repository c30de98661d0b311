package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallerContextTest {
    @Test
    void aTextMemberGoesAfterTheCallersOwnAndTakesTheirMemberOfThatName() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("note", "the caller's");
        given.put("commandId", "c1");
        CallerContext context = CallerContext.copyOf(given);

        CallerContext noted = context.withText("note", "seen on the login screen");

        assertThat(ContractJson.toJson(noted)).isEqualTo("{\"commandId\":\"c1\",\"note\":\"seen on the login screen\"}");
        assertThat(context.asMap()).isEqualTo(given);
        assertThat(CallerContext.EMPTY.withText("note", "").asMap()).isEqualTo(Map.of("note", ""));
    }

    @Test
    void isWrittenAsTheCallersObjectInItsOrderWithNullsAndNumbersAsGiven() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("originalVerdict", "failed");
        given.put("ratio", new BigDecimal("2.50"));
        given.put("attempt", 3);
        given.put("none", null);
        given.put("nested", Map.of("list", List.of(1, true)));

        CallerContext context = CallerContext.copyOf(given);

        assertThat(ContractJson.toJson(context)).isEqualTo(
                "{\"originalVerdict\":\"failed\",\"ratio\":2.50,\"attempt\":3,\"none\":null,\"nested\":{\"list\":[1,true]}}");
        assertThat(context.asMap()).isEqualTo(given);
    }

    @Test
    void isADeepCopyTheCallerCanNoLongerChange() {
        List<Object> steps = new ArrayList<>(List.of("open"));
        Map<String, Object> given = new LinkedHashMap<>(Map.of("run", new LinkedHashMap<>(Map.of("steps", steps))));

        CallerContext context = CallerContext.copyOf(given);
        steps.add("close");
        given.put("later", true);

        assertThat(context.asMap()).isEqualTo(Map.of("run", Map.of("steps", List.of("open"))));
        assertThatThrownBy(() -> context.asMap().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void noContextIsTheEmptyObject() {
        assertThat(CallerContext.copyOf(null)).isSameAs(CallerContext.EMPTY);
        assertThat(CallerContext.copyOf(Map.of())).isSameAs(CallerContext.EMPTY);
        assertThat(ContractJson.toJson(CallerContext.EMPTY)).isEqualTo("{}");
    }

    @Test
    void readsBackAsTheSameValue() {
        CallerContext written = CallerContext.copyOf(Map.of("commandId", "c1"));

        CallerContext read = ContractJson.read(ContractJson.toJson(written).getBytes(StandardCharsets.UTF_8),
                CallerContext.class);

        assertThat(read).isEqualTo(written).hasSameHashCodeAs(written);
    }
}
