package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextJsonTest {

    @Test
    void anObjectIsKeptAsGivenInOrderWithItsNumbers() {
        ContextJson.Parsed parsed = ContextJson.parse(JavaTerms.INSTANCE,
                "{\"originalVerdict\":\"failed\",\"ratio\":0.10,\"n\":null,\"list\":[1,2]}");

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("originalVerdict", "failed");
        expected.put("ratio", new BigDecimal("0.10"));
        expected.put("n", null);
        expected.put("list", List.of(1, 2));
        assertThat(parsed).isEqualTo(new ContextJson.Parsed.Valid(expected));
        assertThat(((ContextJson.Parsed.Valid) parsed).context().keySet()).containsExactly("originalVerdict", "ratio",
                "n", "list");
    }

    @Test
    void arraysNullScalarsAndNonJsonAreRefusedWithWhatToPass() {
        Map<String, String> refusals = Map.of(
                "[1]", "context must be a JSON object, not an array",
                "null", "context must be a JSON object, not null",
                "\"text\"", "context must be a JSON object, not a string",
                "42", "context must be a JSON object, not a number",
                "{oops}", "context is not valid JSON",
                "{\"a\":1,\"a\":2}", "context is not valid JSON",
                "{} {}", "context is not valid JSON");
        refusals.forEach((text, start) -> {
            ContextJson.Parsed parsed = ContextJson.parse(JavaTerms.INSTANCE, text);
            assertThat(parsed).as(text).isInstanceOf(ContextJson.Parsed.Invalid.class);
            var refusal = ((ContextJson.Parsed.Invalid) parsed).refusal();
            assertThat(refusal.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            assertThat(refusal.message()).as(text).startsWith(start).contains("JSON object, for example");
            assertThat(refusal.details().asMap()).containsEntry("option", "context");
        });
    }
}
