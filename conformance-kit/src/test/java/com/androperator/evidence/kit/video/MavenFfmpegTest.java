package com.androperator.evidence.kit.video;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MavenFfmpegTest {
    @TempDir
    Path home;

    @Test
    void withoutTheJarInTheLocalRepositoryThereIsNothingToUnpack() throws IOException {
        assertThat(MavenFfmpeg.unpacked(home, null)).isEmpty();
        assertThat(home.resolve(".cache")).doesNotExist();
    }

    @Test
    void theJarsToolsAreUnpackedOnceIntoTheCacheAsExecutables() throws IOException {
        Path jar = home.resolve(".m2/repository").resolve(MavenFfmpeg.JAR);
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            entry(out, "org/bytedeco/ffmpeg/linux-x86_64-gpl/ffmpeg", "#!/bin/sh\n");
            entry(out, "org/bytedeco/ffmpeg/linux-x86_64-gpl/ffprobe", "#!/bin/sh\n");
            entry(out, "org/bytedeco/ffmpeg/linux-x86_64-gpl/libavcodec.so.60", "lib");
            entry(out, "org/bytedeco/ffmpeg/linux-x86_64-gpl/nested/other", "not taken");
            entry(out, "org/bytedeco/ffmpeg/global/avcodec.class", "not taken");
        }
        Path cache = home.resolve("xdg");

        Path directory = MavenFfmpeg.unpacked(home, cache.toString()).orElseThrow();

        assertThat(directory).isEqualTo(cache.resolve("androperator-conformance/ffmpeg-" + MavenFfmpeg.VERSION));
        try (var files = Files.list(directory)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("ffmpeg", "ffprobe", "libavcodec.so.60");
        }
        assertThat(Files.isExecutable(directory.resolve("ffmpeg"))).isTrue();
        assertThat(Files.isExecutable(directory.resolve("ffprobe"))).isTrue();
        try (var left = Files.list(directory.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString()).toList()).containsExactly("ffmpeg-" + MavenFfmpeg.VERSION);
        }
        Files.delete(jar);
        Files.createFile(jar);
        assertThat(MavenFfmpeg.unpacked(home, cache.toString())).contains(directory);
    }

    private static void entry(JarOutputStream out, String name, String content) throws IOException {
        out.putNextEntry(new JarEntry(name));
        OutputStream stream = out;
        stream.write(content.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }
}
