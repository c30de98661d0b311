package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one rule for text a caller hands us (labels, context keys and values at any depth, serials,
 * package names, sizes, MCP argument names and values): it must be well-formed UTF-16, every
 * surrogate paired. Everything we write is strict UTF-8 JSON, and an unpaired surrogate has no
 * UTF-8 form: a JSON writer can only emit it as a backslash-u escape (U+D800 as six ASCII
 * characters), which strict readers
 * refuse. Such text is refused up front (EXECUTION_VALIDATION_FAILED naming the field), and a
 * message that quotes caller text goes through {@link #printable} so that no refusal carries the
 * character it refuses.
 */
public final class CallerText {
    private CallerText() {
    }

    /** The first unpaired surrogate of a string: its UTF-16 index and code unit. */
    public record UnpairedSurrogate(int index, char unit) {
        /** e.g. "U+D800 (a high surrogate without the low surrogate that must follow it) at index 4". */
        public String describe() {
            return hex(unit) + (Character.isHighSurrogate(unit)
                    ? " (a high surrogate without the low surrogate that must follow it)"
                    : " (a low surrogate without the high surrogate that must precede it)") + " at index " + index;
        }
    }

    /** Where in a JSON value tree the first unpaired surrogate is: {@code path} as {@code root.a.b[2]}. */
    public record Found(String path, boolean inKey, UnpairedSurrogate surrogate) {
    }

    public static Optional<UnpairedSurrogate> unpairedSurrogate(@Nullable String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (int i = 0; i < text.length(); i++) {
            char unit = text.charAt(i);
            if (Character.isHighSurrogate(unit)) {
                if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return Optional.of(new UnpairedSurrogate(i, unit));
            }
            if (Character.isLowSurrogate(unit)) {
                return Optional.of(new UnpairedSurrogate(i, unit));
            }
        }
        return Optional.empty();
    }

    /** At most this many characters of a caller's value are quoted in a message. */
    public static final int MAX_ECHOED_CHARS = 256;

    /**
     * The one way a caller's value is quoted back in a message: its first {@link #MAX_ECHOED_CHARS}
     * characters (a pair counts as one), then how many more there were; every unpaired surrogate,
     * control character (C0, DEL, C1), line or paragraph separator, bidirectional control and
     * zero-width character shown as a six-character backslash-u escape, so a message can neither
     * grow with its input nor reorder, hide or break the text around the quote.
     */
    public static @Nullable String printable(@Nullable String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_ECHOED_CHARS) + 16);
        int i = 0;
        for (int shown = 0; i < text.length() && shown < MAX_ECHOED_CHARS; i++, shown++) {
            char unit = text.charAt(i);
            if (Character.isHighSurrogate(unit) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(unit).append(text.charAt(++i));
            } else if (Character.isSurrogate(unit) || hidden(unit)) {
                out.append("\\u").append(String.format(Locale.ROOT, "%04X", (int) unit));
            } else {
                out.append(unit);
            }
        }
        if (i < text.length()) {
            out.append("... (").append(text.length() - i).append(" more characters)");
        }
        return out.length() == text.length() && out.toString().equals(text) ? text : out.toString();
    }

    /** Characters that would break, hide or reorder the text of a message around a quote. */
    private static boolean hidden(char unit) {
        return unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) || layoutControl(unit);
    }

    /** Line and paragraph separators, bidirectional controls and zero-width characters. */
    private static boolean layoutControl(char unit) {
        return switch (unit) {
            case '\u2028', '\u2029', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067',
                    '\u2068', '\u2069', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\uFEFF' -> true;
            default -> false;
        };
    }

    /**
     * The first unpaired surrogate in the keys and strings of a JSON value tree (maps, lists,
     * strings, other scalars), depth first in order, with its path from {@code root}.
     */
    public static Optional<Found> inJson(@Nullable Object value, String root) {
        if (value instanceof String text) {
            return unpairedSurrogate(text).map(found -> new Found(root, false, found));
        }
        if (value instanceof Map<?, ?> object) {
            for (Map.Entry<?, ?> entry : object.entrySet()) {
                String key = String.valueOf(entry.getKey());
                String path = root + "." + printable(key);
                Optional<UnpairedSurrogate> inKey = unpairedSurrogate(key);
                if (inKey.isPresent()) {
                    return Optional.of(new Found(path, true, inKey.get()));
                }
                Optional<Found> inner = inJson(entry.getValue(), path);
                if (inner.isPresent()) {
                    return inner;
                }
            }
        } else if (value instanceof List<?> array) {
            for (int i = 0; i < array.size(); i++) {
                Optional<Found> inner = inJson(array.get(i), root + "[" + i + "]");
                if (inner.isPresent()) {
                    return inner;
                }
            }
        }
        return Optional.empty();
    }

    /** The refusal of a text field holding an unpaired surrogate, in the caller's name for the field. */
    public static Optional<Failure> refusal(String field, @Nullable String text) {
        return unpairedSurrogate(text).map(found -> {
            Details details = Details.builder().text(DetailKey.OPTION, field).number(DetailKey.INDEX, found.index()).build();
            return Failure.about(ErrorCodes.EXECUTION_VALIDATION_FAILED, field, "holds an unpaired UTF-16 surrogate "
                    + found.describe() + ", which no UTF-8 text can carry: " + FIX, details, null);
        });
    }

    /** The refusal of a request field's text holding an unpaired surrogate, carrying the field, in the caller's terms. */
    public static Optional<Failure> refusal(CallerTerms terms, RequestField field, @Nullable String text) {
        return refusal(terms.field(field), text).map(found -> about(field, found));
    }

    /** The refusal of a request field's JSON value holding an unpaired surrogate, carrying the field. */
    public static Optional<Failure> refusal(CallerTerms terms, RequestField field, Object json, String root) {
        return refusal(terms.field(field), json, root).map(found -> about(field, found));
    }

    /** The refusal of a request field's text a parser already found an unpaired surrogate in. */
    public static Failure refusalIn(CallerTerms terms, RequestField field, String where) {
        return about(field, refusalIn(terms.field(field), where));
    }

    private static Failure about(RequestField field, Failure failure) {
        return new Failure(failure.code(), failure.message(), failure.details(), field, failure.complaint());
    }

    /** The refusal of a JSON value (a context) holding an unpaired surrogate in a key or string. */
    public static Optional<Failure> refusal(String field, Object json, String root) {
        return inJson(json, root).map(found -> {
            Details details = Details.builder().text(DetailKey.OPTION, field).text(DetailKey.PATH, found.path())
                    .number(DetailKey.INDEX, found.surrogate().index()).build();
            return Failure.about(ErrorCodes.EXECUTION_VALIDATION_FAILED, field, "holds an unpaired UTF-16 surrogate "
                    + found.surrogate().describe() + " of the " + (found.inKey() ? "key" : "string") + " at "
                    + found.path() + ", which no UTF-8 text can carry: " + FIX, details, null);
        });
    }

    /**
     * The refusal of text a parser already found an unpaired surrogate in (a JSON reader refuses
     * one in an object key before any value tree exists); {@code where} says where, e.g. "in an
     * object key (line 1, column 9)".
     */
    public static Failure refusalIn(String field, String where) {
        return Failure.about(ErrorCodes.EXECUTION_VALIDATION_FAILED, field, "holds an unpaired UTF-16 surrogate "
                + where + ", which no UTF-8 text can carry: " + FIX, Details.of(DetailKey.OPTION, field), null);
    }

    private static final String FIX = "send each character outside the Basic Multilingual Plane as a complete "
            + "surrogate pair (e.g. \\uD83D\\uDE00 for U+1F600), or remove the stray half";

    private static String hex(char unit) {
        return String.format(Locale.ROOT, "U+%04X", (int) unit);
    }
}
