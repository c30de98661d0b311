package com.androperator.evidence.adapters.adb;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the Operator's version from {@code dumpsys package <pkg>} and installation from {@code pm list packages}. */
final class PackageDumpParser {
    private static final Pattern VERSION_NAME = Pattern.compile("(?m)^\\s*versionName=([^\\r\\n]*)$");

    private PackageDumpParser() {
    }

    /** The first {@code versionName=} value, stripped; empty when the dump has none (not installed). */
    static Optional<String> versionName(String dump) {
        Matcher matcher = VERSION_NAME.matcher(dump);
        return matcher.find() ? Optional.of(matcher.group(1).strip()) : Optional.empty();
    }

    /** What {@code pm list packages <pkg>} said about one package. */
    enum Listing {
        /** An exact {@code package:<pkg>} line. */
        LISTED,
        /** Only other {@code package:} lines, or none (the filter matches substrings too). */
        NOT_LISTED,
        /** Lines that are not a package listing, e.g. an error message through legacy shell. */
        UNRECOGNIZED
    }

    static Listing listing(String output, String packageName) {
        String wanted = "package:" + packageName;
        Listing listing = Listing.NOT_LISTED;
        for (String raw : output.split("\n")) {
            String line = raw.strip();
            if (line.equals(wanted)) {
                return Listing.LISTED;
            }
            if (!line.isEmpty() && !line.startsWith("package:")) {
                listing = Listing.UNRECOGNIZED;
            }
        }
        return listing;
    }
}
