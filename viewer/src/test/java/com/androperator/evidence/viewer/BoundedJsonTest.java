package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Any JSON, read into a value of bounded size, numbers as written, omissions counted. */
class BoundedJsonTest {
    private static BoundedJson.Read read(String json, BoundedJson.Limits limits) {
        return BoundedJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), limits);
    }

    private static JsonValue parsed(String json, BoundedJson.Limits limits) {
        BoundedJson.Read read = read(json, limits);
        assertThat(read).isInstanceOf(BoundedJson.Read.Parsed.class);
        return ((BoundedJson.Read.Parsed) read).root();
    }

    @Test
    void numbersKeepTheirTextAndMembersTheirOrder() {
        JsonValue root = parsed("{\"b\":1.50,\"a\":1e3,\"c\":-0,\"d\":12345678901234567890123,\"e\":[true,null,\"x\"]}",
                BoundedJson.Limits.MANIFEST);
        assertThat(((JsonValue.Obj) root).members().keySet()).containsExactly("b", "a", "c", "d", "e");
        assertThat(JsonText.pretty(root, 1000)).isEqualTo("{\n  \"b\": 1.50,\n  \"a\": 1e3,\n  \"c\": -0,\n"
                + "  \"d\": 12345678901234567890123,\n  \"e\": [\n    true,\n    null,\n    \"x\"\n  ]\n}");
        assertThat(root.whole("a")).contains(1000L);
        assertThat(root.whole("b")).isEmpty();
    }

    @Test
    void longStringsAreCutAndCountedAndTheLastDuplicateWins() {
        String text = "<node/>".repeat(10_000);
        JsonValue root = parsed("{\"k\":1,\"text\":\"" + text + "\",\"k\":2}", new BoundedJson.Limits(100, 1000, 10));
        JsonValue.Str cut = (JsonValue.Str) root.get("text").orElseThrow();
        assertThat(cut.value()).hasSize(100);
        assertThat(cut.omittedChars()).isEqualTo(text.length() - 100);
        assertThat(root.text("text")).as("a cut string is not taken for its whole value").isEmpty();
        assertThat(root.whole("k")).contains(2L);
        assertThat(((BoundedJson.Read.Parsed) read("{\"t\":\"" + text + "\"}", new BoundedJson.Limits(100, 1000, 10))).trimmed())
                .isTrue();
    }

    @Test
    void pastTheValueBudgetAndTheDepthValuesAreSkippedAndCounted() {
        JsonValue many = parsed("[1,2,3,4,5,6,7,8,9,10]", new BoundedJson.Limits(10, 4, 10));
        assertThat(many.items()).hasSize(3);
        assertThat(((JsonValue.Arr) many).omitted()).isEqualTo(7);
        JsonValue deep = parsed("{\"a\":{\"b\":{\"c\":{\"d\":1}}}}", new BoundedJson.Limits(10, 100, 2));
        assertThat(deep.get("a").flatMap(a -> a.get("b"))).containsInstanceOf(JsonValue.TooDeep.class);
        assertThat(JsonText.pretty(deep, 1000)).contains("nested too deep");
    }

    @Test
    void whatIsNotJsonIsUnreadableWithWhere() {
        for (String broken : List.of("", "{", "{\"a\":}", "not json", "{\"a\":1,}")) {
            BoundedJson.Read read = read(broken, BoundedJson.Limits.MANIFEST);
            assertThat(read).as(broken).isInstanceOf(BoundedJson.Read.Unreadable.class);
        }
        assertThat(((BoundedJson.Read.Unreadable) read("{\n\"a\": tru }", BoundedJson.Limits.MANIFEST)).reason()).contains("line 2");
    }
}
