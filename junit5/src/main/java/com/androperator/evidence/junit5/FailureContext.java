package com.androperator.evidence.junit5;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The bundle's context and label for one failed test. The context always has the same members,
 * in this order: testClass, testMethod, displayName, uniqueId, originalVerdict ("failed"),
 * failureType, failureMessage (null when the exception has none) and failureMessageTruncated.
 *
 * <p>The capture contract allows 16 KiB of compact UTF-8 JSON. Every value is bounded by what it
 * can cost as JSON (an escaped control character is 6 bytes): the failure message at
 * {@value #MESSAGE_JSON_BYTES} bytes, each other text at {@value #TEXT_JSON_BYTES}, so the whole
 * object stays below about 14 KiB whatever the test printed. A cut message sets
 * failureMessageTruncated; another cut value ends with {@value #CUT}. Lone surrogates, which are
 * not text, become U+FFFD.
 */
final class FailureContext {
    static final int MESSAGE_JSON_BYTES = 8 * 1024;
    static final int TEXT_JSON_BYTES = 1024;
    static final int LABEL_UTF16_UNITS = 2048;
    static final String CUT = "…";
    private static final String FAILED = " failed";

    private FailureContext() {
    }

    static Map<String, Object> of(ExtensionContext context, Throwable failure) {
        Map<String, Object> members = test(context);
        members.put("originalVerdict", "failed");
        members.put("failureType", bounded(failure.getClass().getName()));
        String message = failure.getMessage() == null ? null : wellFormed(failure.getMessage());
        String kept = message == null ? null : prefix(message, MESSAGE_JSON_BYTES);
        members.put("failureMessage", kept);
        members.put("failureMessageTruncated", message != null && kept.length() < message.length());
        return members;
    }

    /**
     * The test alone, before any verdict (a recording's context): testClass, testMethod, displayName
     * and uniqueId, each bounded like the failure context's.
     */
    static Map<String, Object> test(ExtensionContext context) {
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("testClass", bounded(context.getTestClass().map(Class::getName).orElse(null)));
        members.put("testMethod", bounded(context.getTestMethod().map(Method::getName).orElse(null)));
        members.put("displayName", bounded(context.getDisplayName()));
        members.put("uniqueId", bounded(context.getUniqueId()));
        return members;
    }

    /** {@code <class without package>#<method>}, or the display name of a test that has no method. */
    static String subject(ExtensionContext context) {
        String subject = context.getTestClass().map(EvidenceSettings::simpleName).orElse("")
                + context.getTestMethod().map(method -> "#" + method.getName()).orElse("");
        return wellFormed(subject.isEmpty() ? context.getDisplayName() : subject);
    }

    /** {@code <subject> failed}, at most 2048 UTF-16 units (a longer subject is cut and ends with the ellipsis). */
    static String label(ExtensionContext context) {
        return label(subject(context));
    }

    static String label(String subject) {
        return label(subject, FAILED);
    }

    /** {@code <subject><suffix>} within the same 2048 UTF-16 units, the subject cut as {@link #label(String)} cuts it. */
    static String label(String subject, String suffix) {
        int room = LABEL_UTF16_UNITS - suffix.length();
        if (subject.length() > room) {
            int end = room - CUT.length();
            if (Character.isHighSurrogate(subject.charAt(end - 1))) {
                end--;
            }
            return subject.substring(0, end) + CUT + suffix;
        }
        return subject + suffix;
    }

    private static String bounded(String text) {
        if (text == null) {
            return null;
        }
        String whole = wellFormed(text);
        return jsonBytes(whole) <= TEXT_JSON_BYTES ? whole : prefix(whole, TEXT_JSON_BYTES - jsonBytes(CUT)) + CUT;
    }

    /** The longest prefix, whole code points only, whose JSON string body costs at most {@code budget} bytes. */
    static String prefix(String text, int budget) {
        int used = 0;
        int i = 0;
        while (i < text.length()) {
            int codePoint = text.codePointAt(i);
            int cost = jsonBytes(codePoint);
            if (used + cost > budget) {
                break;
            }
            used += cost;
            i += Character.charCount(codePoint);
        }
        return text.substring(0, i);
    }

    /** An upper bound of a string's bytes inside a compact UTF-8 JSON string (quotes not counted). */
    static int jsonBytes(String text) {
        return text.codePoints().map(FailureContext::jsonBytes).sum();
    }

    private static int jsonBytes(int codePoint) {
        if (codePoint < 0x20) {
            return 6;
        }
        if (codePoint == '"' || codePoint == '\\') {
            return 2;
        }
        if (codePoint < 0x80) {
            return 1;
        }
        if (codePoint < 0x800) {
            return 2;
        }
        return codePoint < 0x10000 ? 3 : 4;
    }

    /** Replaces each unpaired surrogate with U+FFFD so that the value is text that UTF-8 can carry. */
    static String wellFormed(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                if (out != null) {
                    out.append(c).append(text.charAt(i + 1));
                }
                i++;
                continue;
            }
            boolean lone = Character.isSurrogate(c);
            if (lone && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (out != null) {
                out.append(lone ? '\uFFFD' : c);
            }
        }
        return out == null ? text : out.toString();
    }
}
