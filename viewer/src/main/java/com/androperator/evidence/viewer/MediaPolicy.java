package com.androperator.evidence.viewer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Whether a screenshot or clip goes into the page as a data: URI or is referenced by its path
 * relative to the page. Inlined media make the page one file that can be mailed or attached; past
 * {@link #INLINE_MAX_FILE_BYTES} for one file, or {@link #INLINE_MAX_TOTAL_BYTES} for the page
 * (base64 adds a third), a file is referenced instead, so that a 64 MiB screenshot or a long
 * recording does not make a page the browser struggles with. A referenced file is found only while
 * the page stays where it was written relative to the bundle.
 */
final class MediaPolicy {
    static final long INLINE_MAX_FILE_BYTES = 16L * 1024 * 1024;
    static final long INLINE_MAX_TOTAL_BYTES = 48L * 1024 * 1024;

    private final Path pageDirectory;
    private final long maxFileBytes;
    private long inlined;

    MediaPolicy(Path pageDirectory) {
        this(pageDirectory, INLINE_MAX_FILE_BYTES);
    }

    MediaPolicy(Path pageDirectory, long maxFileBytes) {
        this.pageDirectory = pageDirectory;
        this.maxFileBytes = maxFileBytes;
    }

    /** How one medium is placed. */
    sealed interface Placement {
        record Inline(Path file) implements Placement {
        }

        /** {@code href} is relative to the page and percent-encoded; {@code why} says why it is not inlined. */
        record Linked(String href, String why) implements Placement {
        }
    }

    Placement place(Path file, long bytes) {
        if (bytes <= maxFileBytes && inlined + bytes <= INLINE_MAX_TOTAL_BYTES) {
            inlined += bytes;
            return new Placement.Inline(file);
        }
        String why = bytes > maxFileBytes
                ? mebibytes(bytes) + " is over the " + mebibytes(maxFileBytes) + " inline limit for one file"
                : "the page already inlines " + mebibytes(inlined) + " of media (limit " + mebibytes(INLINE_MAX_TOTAL_BYTES) + ")";
        return new Placement.Linked(href(pageDirectory.relativize(file)), why
                + "; it is referenced relative to the page, so keep the page beside the bundle");
    }

    long inlinedBytes() {
        return inlined;
    }

    private static String mebibytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }

    /** Each segment percent-encoded (UTF-8), so that no name can be read as a scheme, query or fragment. */
    static String href(Path relative) {
        StringBuilder href = new StringBuilder();
        for (Path segment : relative) {
            if (href.length() > 0) {
                href.append('/');
            }
            for (byte b : segment.toString().getBytes(StandardCharsets.UTF_8)) {
                int c = b & 0xff;
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                        || c == '_' || c == '~') {
                    href.append((char) c);
                } else {
                    href.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
                }
            }
        }
        return href.toString().startsWith("..") ? href.toString() : "./" + href;
    }
}
