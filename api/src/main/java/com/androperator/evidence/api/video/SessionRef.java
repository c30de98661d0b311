package com.androperator.evidence.api.video;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** Names an existing video session for status and stop. */
public sealed interface SessionRef {

    /**
     * The absolute manifest.json path that start returned (CLI, Java). {@code expectedDevice} and
     * {@code expectedOperatorPackage} are the caller's --device/--operator-package, if given: a value
     * that differs from the session's saved target is refused.
     */
    record ManifestPath(@Nullable String manifestPath, Optional<String> expectedDevice,
                        Optional<String> expectedOperatorPackage) implements SessionRef {
        public ManifestPath {
            expectedDevice = expectedDevice == null ? Optional.empty() : expectedDevice;
            expectedOperatorPackage = expectedOperatorPackage == null ? Optional.empty() : expectedOperatorPackage;
        }
    }

    /** The opaque sessionId of a managed bundle under the configured evidence root (MCP). */
    record SessionId(@Nullable String sessionId) implements SessionRef {
    }

    static SessionRef manifestPath(@Nullable String manifestPath) {
        return new ManifestPath(manifestPath, Optional.empty(), Optional.empty());
    }

    static SessionRef sessionId(@Nullable String sessionId) {
        return new SessionId(sessionId);
    }
}
