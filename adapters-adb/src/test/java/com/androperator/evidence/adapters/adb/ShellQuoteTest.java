package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShellQuoteTest {

    @Test
    void singleQuotesEveryValueAndEscapesEmbeddedQuotes() {
        assertThat(ShellQuote.quote("plain")).isEqualTo("'plain'");
        assertThat(ShellQuote.quote("it's")).isEqualTo("'it'\"'\"'s'");
        assertThat(ShellQuote.quote("")).isEqualTo("''");
        assertThat(ShellQuote.quote("$(reboot); `id` \"x\" \\n")).isEqualTo("'$(reboot); `id` \"x\" \\n'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"emulator-5554", "127.0.0.1:5555", "R58M123ABC", "[::1]:5555",
            "adb-2B111FDH2001PW-abc._adb-tls-connect._tcp"})
    void realSerialsAreValid(String serial) {
        assertThat(ShellQuote.isValidSerial(serial)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "x;reboot", "abc'", "-d", "serial\n", "a/b", "tcp:1:2:features\u0000"})
    void invalidSerialsAreRefused(String serial) {
        assertThat(ShellQuote.isValidSerial(serial)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"com.androperator.operator.dev", "a.b", "com.example_app.x1"})
    void packageNamesAreValid(String name) {
        assertThat(ShellQuote.isValidPackage(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "single", "com..x", "com.1x", ".com.x", "com.x.", "com.x;reboot", "com.x y",
            "com.x'y", "com.ü.x"})
    void invalidPackageNamesAreRefused(String name) {
        assertThat(ShellQuote.isValidPackage(name)).isFalse();
        assertThat(ShellQuote.isValidPackage(null)).isFalse();
    }

    @Test
    void physicalDisplayIdsAreUnsignedSixtyFourBit() {
        assertThat(ShellQuote.isValidPhysicalDisplayId("0")).isTrue();
        assertThat(ShellQuote.isValidPhysicalDisplayId("18446744073709551615")).isTrue();
        assertThat(ShellQuote.isValidPhysicalDisplayId("18446744073709551616")).isFalse();
        assertThat(ShellQuote.isValidPhysicalDisplayId("-1")).isFalse();
        assertThat(ShellQuote.isValidPhysicalDisplayId("1 2")).isFalse();
    }
}
