package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolArgumentsTest {
    private static final List<String> ACCEPTED = List.of("text", "number", "context");

    @Test
    void absentAndNullOptionalFieldsAreNull() {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("text", null);
        ToolArguments given = ToolArguments.of("tool", arguments, ACCEPTED);

        assertThat(given.text("text")).isNull();
        assertThat(given.integer("number")).isNull();
        assertThat(given.context()).isNull();
        assertThat(given.problem()).isEmpty();
        assertThat(ToolArguments.of("tool", null, ACCEPTED).problem()).isEmpty();
    }

    @Test
    void integersMayArriveAsAnyIntegralJsonNumber() {
        for (Object value : List.of(1500, 1500L, new BigInteger("1500"), 1500.0, new BigDecimal("1500.000"))) {
            ToolArguments given = ToolArguments.of("tool", Map.of("number", value), ACCEPTED);
            assertThat(given.integer("number")).as(value.getClass().getSimpleName()).isEqualTo(1500L);
            assertThat(given.problem()).isEmpty();
        }
    }

    @Test
    void fractionsHugeNumbersAndTextAreNotIntegers() {
        for (Object value : List.of(1500.5, new BigInteger("99999999999999999999999"), "1500", true)) {
            ToolArguments given = ToolArguments.of("tool", Map.of("number", value), ACCEPTED);
            assertThat(given.integer("number")).isNull();
            assertThat(given.problem()).hasValueSatisfying(problem -> {
                assertThat(problem.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
                assertThat(problem.message()).contains("number must be an integer");
            });
        }
    }

    @Test
    void unknownFieldsAreNamedAndAnOutputDirectorySaysWhereBundlesGo() {
        ToolArguments given = ToolArguments.of("evidence_capture", Map.of("outputDir", "/x", "bundleDir", "/y"), ACCEPTED);

        assertThat(given.problem()).hasValueSatisfying(problem -> {
            assertThat(problem.message()).startsWith("evidence_capture does not accept bundleDir, outputDir.")
                    .contains("ANDROPERATOR_EVIDENCE_DIR").endsWith("Accepted parameters: text, number, context.");
            assertThat(problem.details().asMap()).containsEntry("rejected", List.of("bundleDir", "outputDir"));
        });
    }

    @Test
    void theFirstProblemIsTheOneReported() {
        ToolArguments given = ToolArguments.of("tool", Map.of("text", 1, "context", "{}"), ACCEPTED);
        given.text("text");
        given.context();

        assertThat(given.problem()).hasValueSatisfying(problem ->
                assertThat(problem.message()).isEqualTo("tool: text must be a string, got a number."));
    }

    @Test
    void anObjectMustBeAnObjectNotJsonText() {
        ToolArguments given = ToolArguments.of("tool", Map.of("context", "{\"a\":1}"), ACCEPTED);

        assertThat(given.context()).isNull();
        assertThat(given.problem()).hasValueSatisfying(problem ->
                assertThat(problem.message()).startsWith("context must be a JSON object, not a string"));
        assertThat(ToolArguments.of("tool", Map.of("context", Map.of("a", 1)), ACCEPTED).context())
                .isEqualTo(Map.of("a", 1));
    }
}
