package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What bundle text becomes in the page: in text and attributes, and inside the script data block. */
class HtmlOutTest {
    static Stream<Arguments> html() {
        return Stream.of(
                Arguments.of("plain text", "plain text"),
                Arguments.of("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
                Arguments.of("\"><img src=x onerror=alert(1)>", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
                Arguments.of("it's & \"quoted\"", "it&#39;s &amp; &quot;quoted&quot;"),
                Arguments.of("&amp; stays text", "&amp;amp; stays text"),
                Arguments.of("tab\tnew\nline\r", "tab\tnew\nline\r"),
                Arguments.of("nul\u0000bell\u0007del\u007f", "nul\uFFFDbell\uFFFDdel\uFFFD"),
                Arguments.of("lone \uD83D high", "lone \uFFFD high"),
                Arguments.of("lone \uDE00 low", "lone \uFFFD low"),
                Arguments.of("pair \uD83D\uDE00 kept", "pair \uD83D\uDE00 kept"),
                Arguments.of("ends high \uD83D", "ends high \uFFFD"),
                Arguments.of("", ""));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("html")
    void textAndAttributesAreEscaped(String value, String escaped) {
        assertThat(HtmlOut.escape(value)).isEqualTo(escaped);
    }

    static Stream<Arguments> json() {
        return Stream.of(
                Arguments.of("</script><script>alert(1)</script>", "\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\""),
                Arguments.of("<!-- & -->", "\"\\u003c!-- \\u0026 --\\u003e\""),
                Arguments.of("quote \" backslash \\", "\"quote \\\" backslash \\\\\""),
                Arguments.of("line\u2028para\u2029", "\"line\\u2028para\\u2029\""),
                Arguments.of("ctl\u0001\n", "\"ctl\\u0001\\n\""),
                Arguments.of("lone \uD83D", "\"lone \\ufffd\""),
                Arguments.of("pair \uD83D\uDE00", "\"pair \uD83D\uDE00\""));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("json")
    void jsonStringsCannotEndTheDataBlock(String value, String literal) {
        assertThat(HtmlOut.jsonString(value)).isEqualTo(literal);
    }
}
