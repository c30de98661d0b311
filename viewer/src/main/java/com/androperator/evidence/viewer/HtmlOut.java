package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.BundleFileOpen;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Base64;

/**
 * Writes the page as a stream. Every value that comes from a bundle goes through {@link #text} or
 * {@link #attr} (HTML-escaped: {@code & < > " '}; control characters other than tab and newline,
 * and lone surrogates, become U+FFFD) or {@link #json} (a JSON string safe inside a script data
 * block: {@code < > &} and line separators escaped). Only the page's own markup goes through
 * {@link #raw}. Media are streamed in as base64, never held whole in memory.
 */
final class HtmlOut {
    private final Writer out;
    private final OutputStream bytes;

    /** {@code bytes} is the stream under {@code out}, for base64; {@code out} is flushed before it is used. */
    HtmlOut(Writer out, OutputStream bytes) {
        this.out = out;
        this.bytes = bytes;
    }

    /** The page's own markup; never a bundle value. */
    HtmlOut raw(String markup) {
        try {
            out.write(markup);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Escaped text content. */
    HtmlOut text(String value) {
        return raw(escape(value));
    }

    HtmlOut text(long value) {
        return raw(Long.toString(value));
    }

    /** {@code  name="value"}, the value escaped. */
    HtmlOut attr(String name, String value) {
        return raw(" ").raw(name).raw("=\"").raw(escape(value)).raw("\"");
    }

    /** An element holding escaped text: {@code <tag class="css">text</tag>}. */
    HtmlOut element(String tag, String css, String value) {
        raw("<").raw(tag);
        if (css != null) {
            attr("class", css);
        }
        return raw(">").text(value).raw("</").raw(tag).raw(">");
    }

    /** A JSON string literal, safe inside {@code <script type="application/json">}. */
    HtmlOut json(String value) {
        return raw(jsonString(value));
    }

    /** The file's bytes as base64, streamed (for a data: URI). */
    HtmlOut base64(Path file) {
        try {
            out.flush();
            OutputStream encoder = Base64.getEncoder().wrap(new NonClosing(bytes));
            try (InputStream in = BundleFileOpen.open(file)) {
                in.transferTo(encoder);
            }
            encoder.close();
            bytes.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    static String escape(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder escaped = null;
        int length = value.length();
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> unsafe(value, i) ? "\uFFFD" : null;
            };
            if (replacement == null) {
                if (escaped != null) {
                    escaped.append(c);
                }
                continue;
            }
            if (escaped == null) {
                escaped = new StringBuilder(length + 16).append(value, 0, i);
            }
            escaped.append(replacement);
        }
        return escaped == null ? value : escaped.toString();
    }

    /** A control character other than tab, newline and carriage return, or half of a broken surrogate pair. */
    private static boolean unsafe(String value, int i) {
        char c = value.charAt(i);
        if (c < 0x20) {
            return c != '\t' && c != '\n' && c != '\r';
        }
        if (c == 0x7f) {
            return true;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(value.charAt(i - 1));
        }
        return false;
    }

    static String jsonString(String value) {
        return jsonString(value, true);
    }

    /** A JSON string literal; {@code forScript} also escapes what could end a script data block. */
    static String jsonString(String value, boolean forScript) {
        StringBuilder json = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '<', '>', '&', '\u2028', '\u2029' -> {
                    if (forScript) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
                default -> {
                    if (c < 0x20 || c == 0x7f || unsafe(value, i)) {
                        json.append(String.format("\\u%04x", (int) (unsafe(value, i) && c >= 0x20 ? '\uFFFD' : c)));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"').toString();
    }

    /** Lets the base64 encoder be closed (to write its padding) without closing the page. */
    private static final class NonClosing extends OutputStream {
        private final OutputStream target;

        NonClosing(OutputStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            target.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            target.write(b, off, len);
        }

        @Override
        public void close() {
        }
    }
}
