package com.androperator.evidence.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * What a capture daemon is: its jar (as the launcher named it, and its modification time when
 * the daemon started) and its JVM (the launcher's java path, and the real path of this JVM's).
 * A client of another jar or JVM, or any client once the jar has changed, captures by itself.
 */
record DaemonIdentity(String jar, FileTime jarTime, String launcherJava, Path java) {

    static DaemonIdentity ofThisJvm(String launcherJava) throws IOException {
        String jar = System.getProperty("java.class.path");
        return new DaemonIdentity(jar, Files.getLastModifiedTime(Path.of(jar)), launcherJava,
                Path.of(System.getProperty("java.home"), "bin", "java").toRealPath());
    }

    /** Why this daemon must not serve the request, or null: only captures, of its own jar and JVM, that jar unchanged. */
    String refusal(DaemonWire.CaptureRequest request) {
        if (request.args().size() < 2 || !request.args().get(0).equals("evidence") || !request.args().get(1).equals("capture")) {
            return "the daemon runs evidence capture only";
        }
        if (!request.jar().equals(jar)) {
            return "this daemon serves " + jar + ", not " + request.jar();
        }
        try {
            if (!Files.getLastModifiedTime(Path.of(jar)).equals(jarTime)) {
                return "the jar " + jar + " changed since the daemon started; it stops";
            }
            // The launcher's own path first: a java shim (jenv, asdf) is a script, whose real path is not a JVM's.
            if (!request.java().equals(launcherJava) && !Path.of(request.java()).toRealPath().equals(java)) {
                return "the daemon runs " + launcherJava + ", not " + request.java();
            }
        } catch (IOException | RuntimeException unreadable) {
            return "the daemon cannot compare its jar and JVM with the client's: " + unreadable;
        }
        if (!Path.of(request.workingDirectory()).isAbsolute()) {
            return "the working directory is not absolute";
        }
        return null;
    }
}
