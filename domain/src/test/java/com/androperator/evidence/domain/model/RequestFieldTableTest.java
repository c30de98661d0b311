package com.androperator.evidence.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The request fields: one Java name each, and their values held as their kinds. */
class RequestFieldTableTest {
    private static final List<RequestField> ALL = List.of(RequestField.values());

    @Test
    void everyFieldHasOneJavaName() {
        assertThat(ALL).extracting(RequestField::javaName).doesNotHaveDuplicates()
                .allSatisfy(name -> assertThat(name).matches("[a-z][A-Za-z]*"));
    }

    @Test
    void requestValuesHoldEachFieldAsItsKind() {
        RequestValues values = RequestValues.none().with(RequestField.LABEL, "a").with(RequestField.TIMEOUT, 5000L)
                .with(RequestField.CONTEXT, List.of(1));
        assertThat(values.text(RequestField.LABEL)).isEqualTo("a");
        assertThat(values.integer(RequestField.TIMEOUT)).isEqualTo(5000L);
        assertThat(values.json(RequestField.CONTEXT)).as("the use case refuses what is not an object").isEqualTo(List.of(1));
        assertThat(values.with(RequestField.LABEL, null).has(RequestField.LABEL)).isFalse();
        assertThatThrownBy(() -> values.with(RequestField.TIMEOUT, "5000")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> values.integer(RequestField.LABEL)).isInstanceOf(IllegalArgumentException.class);
        assertThat(RequestValues.none().with(RequestField.DEVICE, "d")
                .orElse(values.with(RequestField.DEVICE, "fallback"))).isEqualTo(values.with(RequestField.DEVICE, "d"));
        assertThat(Map.of(values, 1)).containsKey(RequestValues.none().with(RequestField.CONTEXT, List.of(1))
                .with(RequestField.TIMEOUT, 5000L).with(RequestField.LABEL, "a"));
    }
}
