package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The stamp is {@code Instant.truncatedTo(MILLIS).toString()}, character for character. */
class MillisStampTest {

    private static String expected(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS).toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000999999Z", "1970-01-01T00:00:00.001Z",
        "2026-03-01T10:15:30.123Z", "2026-03-01T10:15:30.100Z", "2026-03-01T10:15:30.120456Z",
        "2000-02-29T23:59:59.999999999Z", "2100-02-28T12:00:00.5Z", "2100-03-01T00:00:00Z",
        "2024-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999999999Z", "+10000-01-01T00:00:00Z",
        "+10000-01-01T00:00:00.001Z", "1969-12-31T23:59:59.999Z", "0999-06-15T08:09:10.011Z",
        "-0001-01-01T00:00:00Z"})
    void writesWhatInstantWrites(String text) {
        Instant instant = Instant.parse(text);

        assertThat(MillisStamp.of(instant)).isEqualTo(expected(instant));
    }

    @Test
    void writesWhatInstantWritesForRandomInstants() {
        SplittableRandom random = new SplittableRandom(26);
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            long seconds = i % 4 == 0 ? random.nextLong(-62_167_219_200L, 400_000_000_000L)
                    : random.nextLong(0, 4_102_444_800L); // 1970-2100: where a wall clock is
            int nanos = switch (i % 3) {
                case 0 -> random.nextInt(1_000_000_000);
                case 1 -> random.nextInt(1000) * 1_000_000;
                default -> random.nextInt(1_000_000);
            };
            Instant instant = Instant.ofEpochSecond(seconds, nanos);
            String stamp = MillisStamp.of(instant);
            if (!stamp.equals(expected(instant))) {
                differences.add(instant + ": " + stamp);
            }
        }

        assertThat(differences).isEmpty();
    }
}
