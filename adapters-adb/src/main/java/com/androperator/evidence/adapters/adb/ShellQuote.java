package com.androperator.evidence.adapters.adb;

import java.util.regex.Pattern;

/**
 * Everything that goes into a device shell command line passes through here: values are
 * POSIX single-quoted, identifiers are validated first and refused when invalid (an invalid
 * serial or package is never made "safe" by quoting around it).
 */
public final class ShellQuote {
    /**
     * adb serials: USB serials, {@code emulator-5554}, {@code HOST:PORT}, {@code [v6]:PORT} and
     * mDNS names such as {@code adb-XYZ._adb-tls-connect._tcp}. Nothing that could end a host
     * request early or reach a shell.
     */
    private static final Pattern SERIAL = Pattern.compile("[A-Za-z0-9\\[][A-Za-z0-9._:\\[\\]-]{0,254}");
    /** Android package names: at least two Java-identifier-like segments of ASCII letters, digits, _. */
    private static final Pattern PACKAGE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+");
    private static final int MAX_PACKAGE_LENGTH = 255;
    /** A physical display id as {@code local:<digits>} carries it: an unsigned 64-bit decimal. */
    private static final Pattern UNSIGNED_DECIMAL = Pattern.compile("[0-9]{1,20}");

    private ShellQuote() {
    }

    /** {@code value} as one single-quoted shell word; an embedded {@code '} becomes {@code '"'"'}. */
    public static String quote(String value) {
        return "'" + value.replace("'", "'\"'\"'") + "'";
    }

    public static boolean isValidSerial(String serial) {
        return serial != null && SERIAL.matcher(serial).matches();
    }

    public static boolean isValidPackage(String packageName) {
        return packageName != null && packageName.length() <= MAX_PACKAGE_LENGTH
                && PACKAGE.matcher(packageName).matches();
    }

    /** Digits only and at most 2^64-1, the range of SurfaceFlinger's physical display ids. */
    public static boolean isValidPhysicalDisplayId(String id) {
        return id != null && UNSIGNED_DECIMAL.matcher(id).matches()
                && new java.math.BigInteger(id).bitLength() <= 64;
    }
}
