package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UrandomIdsTest {
    /** A lowercase version 4 UUID with RFC 9562's variant, as UUID.randomUUID() prints one. */
    private static final Pattern VERSION_4 = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @Test
    void idsFromTheKernelsSourceAreDistinctVersion4Uuids() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = UrandomIds.SYSTEM.newEvidenceId();
            assertThat(id).matches(VERSION_4);
            ids.add(id);
        }
        assertThat(ids).hasSize(10_000);
    }

    @Test
    void theSourcesBytesBecomeTheIdWithOnlyTheVersionAndVariantBitsSet(@TempDir Path directory) throws IOException {
        Path source = directory.resolve("random");
        byte[] ones = new byte[16];
        java.util.Arrays.fill(ones, (byte) 0xff);
        Files.write(source, ones);
        assertThat(new UrandomIds(source.toString()).newEvidenceId()).isEqualTo("ffffffff-ffff-4fff-bfff-ffffffffffff");
        Files.write(source, new byte[17]);
        assertThat(new UrandomIds(source.toString()).newEvidenceId()).isEqualTo("00000000-0000-4000-8000-000000000000");
    }

    @Test
    void theBitsAreThoseOfTheJdksOwnVersion4Uuids() {
        UUID made = UrandomIds.randomUuid(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
        assertThat(made.version()).isEqualTo(4);
        assertThat(made.variant()).isEqualTo(UUID.randomUUID().variant());
        assertThat(made).hasToString("01020304-0506-4708-890a-0b0c0d0e0f10");
    }

    @Test
    void aSourceThatIsMissingOrShortGivesTheJdksRandomUuid(@TempDir Path directory) throws IOException {
        assertThat(new UrandomIds(directory.resolve("absent").toString()).newEvidenceId()).matches(VERSION_4);
        Path shortSource = directory.resolve("short");
        Files.write(shortSource, new byte[15]);
        String id = new UrandomIds(shortSource.toString()).newEvidenceId();
        assertThat(id).matches(VERSION_4).isNotEqualTo("00000000-0000-4000-8000-000000000000");
        assertThat(new UrandomIds(directory.toString()).newEvidenceId()).matches(VERSION_4);
    }
}
