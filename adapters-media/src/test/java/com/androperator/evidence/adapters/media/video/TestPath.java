package com.androperator.evidence.adapters.media.video;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * PATH values for the child processes of tests, built only from directories the test made: never
 * a host directory such as /usr/bin, so that whatever the host has installed (Debian's ffmpeg 5.1,
 * a scrcpy, another adb) can never be found through them. The shell utilities the tests' scripts
 * need are linked one by one into a directory of their own.
 */
public final class TestPath {
    /** What the fake scrcpy and the tests' stand-in scripts run; no media tool is ever among them. */
    public static final List<String> SHELL_TOOLS = List.of("bash", "sh", "env", "cat", "date", "mkfifo", "mktemp", "rm",
            "sleep", "kill", "yes", "printf", "ps", "grep", "head", "tail", "dd", "tr", "mv", "cp", "ls", "touch",
            "truncate", "wc", "sed", "stat", "id", "uname", "basename", "dirname", "readlink", "true", "false");
    /** Where the shell utilities are looked up; only the names above are ever taken from them. */
    private static final List<Path> SYSTEM_DIRECTORIES = List.of(Path.of("/usr/bin"), Path.of("/bin"));

    private TestPath() {
    }

    /** {@code parent/shell-tools}: a link to each of {@link #SHELL_TOOLS} the host has, and nothing else. */
    public static synchronized Path shellTools(Path parent) {
        Path directory = parent.resolve("shell-tools");
        try {
            Files.createDirectories(directory);
            for (String tool : SHELL_TOOLS) {
                Path link = directory.resolve(tool);
                if (Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                for (Path system : SYSTEM_DIRECTORIES) {
                    Path target = system.resolve(tool);
                    if (Files.isRegularFile(target) && Files.isExecutable(target)) {
                        Files.createSymbolicLink(link, target.toRealPath());
                        break;
                    }
                }
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The directories joined as a PATH value, in order. */
    public static String of(Path... directories) {
        return Arrays.stream(directories).map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
