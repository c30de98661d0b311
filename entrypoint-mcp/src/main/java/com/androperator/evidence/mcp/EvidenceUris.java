package com.androperator.evidence.mcp;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The resource names of bundle files: {@code evidence://bundles/<evidenceId>/<file>}. Both parts
 * are plain names (a letter or digit, then letters, digits, {@code . _ -}, at most 128 characters),
 * the characters bundle ids and bundle file names use. Anything else is no evidence URI: a
 * {@code ..}, a percent-encoded character, a slash more or less, a query, another scheme. So
 * nothing needs decoding and no parsed URI can name a path outside one bundle directory.
 */
final class EvidenceUris {
    static final String SCHEME_AND_HOST = "evidence://bundles/";
    static final String TEMPLATE = SCHEME_AND_HOST + "{evidenceId}/{file}";
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final Pattern URI = Pattern.compile(Pattern.quote(SCHEME_AND_HOST) + "(" + NAME.pattern() + ")/("
            + NAME.pattern() + ")");

    /** One file of one bundle, both plain names. */
    record BundleFile(String bundleId, String file) {
        BundleFile {
            if (!isName(bundleId) || !isName(file)) {
                throw new IllegalArgumentException("a bundle file is named by two plain names");
            }
        }

        String uri() {
            return SCHEME_AND_HOST + bundleId + "/" + file;
        }
    }

    private EvidenceUris() {
    }

    static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    static Optional<BundleFile> parse(String uri) {
        if (uri == null) {
            return Optional.empty();
        }
        Matcher matcher = URI.matcher(uri);
        return matcher.matches() ? Optional.of(new BundleFile(matcher.group(1), matcher.group(2))) : Optional.empty();
    }

    /** The media type a file's name gives; what is not listed is served as bytes. */
    static String mimeType(String file) {
        String lower = file.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".json")) {
            return "application/json";
        }
        if (lower.endsWith(".xml")) {
            return "application/xml";
        }
        if (lower.endsWith(".txt") || lower.endsWith(".log")) {
            return "text/plain";
        }
        if (lower.endsWith(".png")) {
            return "image/png";
        }
        if (lower.endsWith(".mp4")) {
            return "video/mp4";
        }
        return lower.endsWith(".mkv") ? "video/x-matroska" : "application/octet-stream";
    }

    /** JSON, XML and text are served as text; everything else as base64 bytes. */
    static boolean isText(String mimeType) {
        return mimeType.startsWith("text/") || mimeType.equals("application/json") || mimeType.equals("application/xml");
    }

    /** A retained file that was not verified ({@code screenshot.partial.png}, {@code capture.partial.mkv}). */
    static boolean isPartial(String file) {
        return file.contains(".partial.");
    }
}
