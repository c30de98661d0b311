package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TextTest {
    /** What abbreviate did with a regex before it became a loop: the loop must say the same. */
    private static String byRegex(String text, int max) {
        String flat = text.replaceAll("[\\p{Cntrl}&&[^\\t]]+", " ").strip();
        return flat.length() <= max ? flat : flat.substring(0, max) + "…";
    }

    @Test
    void controlRunsBecomeOneSpaceTabsStayAndTheEndsAreStripped() {
        assertThat(Text.abbreviate("host:version", 80)).isEqualTo("host:version");
        assertThat(Text.abbreviate("a\r\n\u0000b\tc\u007fd\u0080e", 80)).isEqualTo("a b\tc d\u0080e");
        assertThat(Text.abbreviate("\n\t x \u2003\n", 80)).isEqualTo("x");
        assertThat(Text.abbreviate("abcdef", 3)).isEqualTo("abc…");
        assertThat(Text.abbreviate("", 3)).isEmpty();
    }

    @Test
    void saysWhatTheRegexSaidForAnyText() {
        char[] alphabet = {'a', ' ', '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u0080', '\u009f', '\u00a0',
            '\u2003', '\u2028', '\u3000', 'é', '\ud83d', '\ude00', '…'};
        Random random = new Random(26);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(12); n > 0; n--) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            int max = random.nextInt(10);
            assertThat(Text.abbreviate(text.toString(), max)).as("%s, %d", text, max)
                    .isEqualTo(byRegex(text.toString(), max));
        }
    }
}
