package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How a video start, status or stop ended, as a value; {@link VideoResults} renders it as the
 * result object each edge returns. Each use case answers with its own sealed subset
 * ({@link StartOutcome}, {@link StatusOutcome}, {@link StopOutcome}); the shared cases are these records.
 */
public sealed interface SessionOutcome permits StartOutcome, StatusOutcome, StopOutcome {

    /** Refused before anything of the request changed (validation, preflight, lookup, a held device). */
    record Refused(Failure failure, @Nullable String hint) implements StartOutcome, StatusOutcome, StopOutcome {
        public Refused {
            Objects.requireNonNull(failure, "failure");
        }

        public Refused(Failure failure) {
            this(failure, null);
        }
    }

    /**
     * A session in progress (starting, recording, finalizing), found and healthy; {@code progress}
     * is a finalizing session's progress when its worker reported it, else null.
     */
    record Active(Session session, @Nullable FinalizationProgress progress) implements StartOutcome, StatusOutcome {
        public Active {
            Objects.requireNonNull(session, "session");
        }
    }

    /** A session whose manifest is terminal (complete, partial or failed) and whose worker settled it. */
    record Ended(Session session) implements StartOutcome, StatusOutcome, StopOutcome {
        public Ended {
            Objects.requireNonNull(session, "session");
        }
    }

    /**
     * The worker is gone without a terminal manifest, or its ownership cannot be verified:
     * {@code why} says which; {@code facts} are what manual recovery needs (worded by {@link RecoveryGuide}).
     */
    record RecoveryRequired(Session session, String why, RecoveryFacts facts)
            implements StartOutcome, StatusOutcome, StopOutcome {
        public RecoveryRequired {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(facts, "facts");
        }
    }

    /** Start did not see the recorder open its file in time; a stop was requested and status stays available. */
    record StartTimedOut(Session session) implements StartOutcome {
        public StartTimedOut {
            Objects.requireNonNull(session, "session");
        }
    }

    /** Stop waited its 15 s and finalization (or the recorder's exit) still runs; {@code progress} may be null. */
    record StopPending(Session session, @Nullable FinalizationProgress progress) implements StopOutcome {
        public StopPending {
            Objects.requireNonNull(session, "session");
        }
    }

    /** The session an answer is about: its last manifest read, where it is, and its id. */
    record Session(Manifest manifest, Path manifestPath, String sessionId) {
        public Session {
            Objects.requireNonNull(manifest, "manifest");
            Objects.requireNonNull(manifestPath, "manifestPath");
            Objects.requireNonNull(sessionId, "sessionId");
        }
    }
}
