package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallerJsonTest {
    @Test
    void anOmittedContextIsAcceptedAsTheEmptyObject() {
        assertThat(CallerJson.of(null)).isSameAs(CallerJson.OMITTED);
        assertThat(CallerJson.OMITTED.accepted()).isSameAs(CallerContext.EMPTY);
    }

    @Test
    void anAcceptedObjectIsTheCallersCopyInItsOrder() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("originalVerdict", "failed");
        given.put("attempt", 2);

        CallerContext accepted = CallerJson.of(given).accepted();
        given.put("later", true);

        assertThat(accepted.asMap()).containsExactly(Map.entry("originalVerdict", "failed"), Map.entry("attempt", 2));
    }

    @Test
    void onlyAnObjectIsEverAccepted() {
        assertThatThrownBy(() -> CallerJson.of(List.of(1)).accepted()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only a JSON object");
    }
}
