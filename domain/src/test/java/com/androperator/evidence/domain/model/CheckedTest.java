package com.androperator.evidence.domain.model;

import com.androperator.evidence.contracts.Details;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckedTest {
    private static final Failure TOO_LONG = new Failure("EXECUTION_VALIDATION_FAILED", "too long", Details.fromJson(Map.of("option", "label")));
    private static final Failure EMPTY = new Failure("EXECUTION_VALIDATION_FAILED", "empty", Details.fromJson(Map.of()));

    @Test
    void mapTransformsAnAcceptedValue() {
        assertThat(Checked.accepted("abc").map(String::length)).isEqualTo(Checked.accepted(3));
    }

    @Test
    void mapMayProduceNull() {
        Checked<String> mapped = Checked.accepted("abc").map(value -> null);
        assertThat(mapped).isEqualTo(Checked.accepted(null));
        assertThat(mapped.valueOrNull()).isNull();
        assertThat(mapped.rejection()).isEmpty();
    }

    @Test
    void mapKeepsTheRejectionAndNeverCallsTheMapper() {
        List<String> seen = new ArrayList<>();
        Checked<Integer> mapped = Checked.<String>rejected(TOO_LONG).map(value -> {
            seen.add(value);
            return value.length();
        });
        assertThat(mapped).isEqualTo(Checked.rejected(TOO_LONG));
        assertThat(mapped.rejection()).contains(TOO_LONG);
        assertThat(seen).isEmpty();
    }

    @Test
    void flatMapRunsTheNextCheckOnAnAcceptedValue() {
        assertThat(Checked.accepted("abc").flatMap(value -> Checked.accepted(value + "!")))
                .isEqualTo(Checked.accepted("abc!"));
        assertThat(Checked.accepted("").flatMap(value -> value.isEmpty() ? Checked.rejected(EMPTY)
                : Checked.accepted(value))).isEqualTo(Checked.rejected(EMPTY));
    }

    @Test
    void flatMapReportsTheFirstRejectionAndSkipsTheRest() {
        List<String> seen = new ArrayList<>();
        Checked<String> chained = Checked.<String>rejected(TOO_LONG)
                .flatMap(value -> {
                    seen.add(value);
                    return Checked.<String>rejected(EMPTY);
                })
                .map(value -> value + "!");
        assertThat(chained.rejection()).contains(TOO_LONG);
        assertThat(seen).isEmpty();
    }

    @Test
    void flatMapAcceptsASubtypeCheck() {
        Checked<Object> widened = Checked.accepted(2).<Object>flatMap(value -> Checked.accepted("n=" + value));
        assertThat(widened.valueOrNull()).isEqualTo("n=2");
    }

    @Test
    void nullFunctionsAndNullResultsAreBugs() {
        assertThatThrownBy(() -> Checked.accepted("x").map(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Checked.accepted("x").flatMap(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Checked.accepted("x").flatMap(value -> null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("next returned null");
    }
}
