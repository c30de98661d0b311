package com.androperator.evidence.domain.prune;

import com.androperator.evidence.contracts.BundleStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One line of a prune's report: a bundle it removed (or would), kept because it is active, could
 * not remove, or did not judge. {@code status}, {@code startedAt} and {@code evidenceId} are null
 * for entries that are not readable bundles; {@code reason} is null for removals.
 */
public record PruneLine(Action action, Path bundle, @Nullable String evidenceId, @Nullable BundleStatus status,
                        @Nullable Instant startedAt, long bytes, @Nullable String reason) {

    public enum Action {
        REMOVED("removed"),
        WOULD_REMOVE("would_remove"),
        /** Selected, but its video session is starting, recording, finalizing or needs recovery. */
        KEPT_ACTIVE("kept_active"),
        /** Selected, but not removed whole: nothing or only part of it was removed. */
        NOT_REMOVED("not_removed"),
        /** Could not be read, so not judged. */
        UNREADABLE("unreadable"),
        /** A symbolic link or a directory without a manifest, left alone. */
        SKIPPED("skipped");

        private final String wire;

        Action(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        /** Whether this line means the prune did not do all it was asked. */
        public boolean shortfall() {
            return this == NOT_REMOVED || this == UNREADABLE;
        }
    }

    public PruneLine {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(bundle, "bundle");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes are not negative");
        }
        if ((action == Action.REMOVED || action == Action.WOULD_REMOVE) != (reason == null)) {
            throw new IllegalArgumentException("a removal has no reason; every other line has one");
        }
    }
}
