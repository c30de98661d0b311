package com.androperator.evidence.contracts;

import org.jspecify.annotations.Nullable;

/**
 * "Non-blank" exactly as the schemas' {@code nonBlankString} pattern {@code \S} means it: ECMA-262
 * (JSON Schema's regex dialect), where white space is TAB, VT, FF, U+FEFF, every Zs space (U+0020,
 * U+00A0, U+1680, U+2000..U+200A, U+202F, U+205F, U+3000) and the line terminators LF, CR, U+2028,
 * U+2029. Not {@link String#isBlank}: that calls U+00A0 and U+FEFF non-blank and U+001C..U+001F blank.
 */
public final class NonBlank {
    private NonBlank() {
    }

    /** Whether {@code text} has at least one UTF-16 unit that ECMA-262 {@code \S} matches. */
    public static boolean isNonBlank(@Nullable String text) {
        if (text == null) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!isEcmaWhiteSpace(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** ECMA-262 WhiteSpace or LineTerminator (all of them are in the BMP). */
    public static boolean isEcmaWhiteSpace(char c) {
        return switch (c) {
            case '\t', '\n', '\u000B', '\f', '\r', ' ', '\u00A0', '\u1680', '\u2028', '\u2029', '\u202F', '\u205F',
                    '\u3000', '\uFEFF' -> true;
            default -> c >= '\u2000' && c <= '\u200A';
        };
    }
}
