package com.androperator.evidence.domain.capture;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

/**
 * A capture's startedAt/finishedAt stamps: {@code instant.truncatedTo(MILLIS).toString()}, the
 * same characters, written directly for the years 1970-9999 (every other instant goes through
 * {@link Instant#toString()}). A capture makes about 20 stamps; {@code Instant.toString()} runs
 * {@code DateTimeFormatter}'s general printer, whose C2 compilations are among a server's largest
 * (JDK 25: 78 and 57 KB of code, about 1 s of compiler time in its first minute), for a fixed
 * shape of 20 or 24 characters.
 */
final class MillisStamp {
    /** 10000-01-01T00:00:00Z: from here {@code Instant.toString()} writes five-digit years with a sign. */
    private static final long FIVE_DIGIT_YEARS = 253_402_300_800L;
    private static final int SECONDS_A_DAY = 86_400;

    private MillisStamp() {
    }

    static String of(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < 0 || seconds >= FIVE_DIGIT_YEARS) {
            return instant.truncatedTo(ChronoUnit.MILLIS).toString();
        }
        int millis = instant.getNano() / 1_000_000;
        LocalDate date = LocalDate.ofEpochDay(seconds / SECONDS_A_DAY);
        int secondOfDay = (int) (seconds % SECONDS_A_DAY);
        // ISO_INSTANT leaves out a fraction of zero and writes whole milliseconds as three digits.
        byte[] text = new byte[millis == 0 ? 20 : 24];
        digits(text, 0, date.getYear(), 4);
        text[4] = '-';
        digits(text, 5, date.getMonthValue(), 2);
        text[7] = '-';
        digits(text, 8, date.getDayOfMonth(), 2);
        text[10] = 'T';
        digits(text, 11, secondOfDay / 3600, 2);
        text[13] = ':';
        digits(text, 14, secondOfDay / 60 % 60, 2);
        text[16] = ':';
        digits(text, 17, secondOfDay % 60, 2);
        if (millis != 0) {
            text[19] = '.';
            digits(text, 20, millis, 3);
        }
        text[text.length - 1] = 'Z';
        return new String(text, StandardCharsets.US_ASCII);
    }

    /** {@code value} as {@code width} decimal digits, zero-padded, at {@code at}. */
    private static void digits(byte[] text, int at, int value, int width) {
        int left = value;
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (byte) ('0' + left % 10);
            left /= 10;
        }
    }
}
