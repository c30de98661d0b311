package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;

/** How a capture request ended. Each maps to the spec's result object and exit status. */
public sealed interface CaptureOutcome {

    CommandResult toResult();

    /** True only for a complete bundle: CLI exit 0, MCP isError false. */
    boolean succeeded();

    /** Refused before capture (invalid request, existing output, device selection): nothing was created. */
    record Refused(Failure failure, String hint) implements CaptureOutcome {
        @Override
        public CommandResult toResult() {
            return CommandResult.refused(failure.code(), failure.message(),
                    failure.details().isEmpty() ? null : failure.details(), hint);
        }

        @Override
        public boolean succeeded() {
            return false;
        }
    }

    /** A finalized manifest exists at {@code manifestPath}. */
    record Finished(Manifest manifest, Path manifestPath) implements CaptureOutcome {
        @Override
        public CommandResult toResult() {
            BundleStatus status = manifest.status();
            boolean complete = status == BundleStatus.COMPLETE;
            return new CommandResult(complete, status.wire(), manifestPath.toString(), manifest.evidenceId(), null,
                    complete ? null : ErrorCodes.EVIDENCE_CAPTURE_FAILED,
                    complete ? null : summary(manifest), null, null);
        }

        @Override
        public boolean succeeded() {
            return manifest.status() == BundleStatus.COMPLETE;
        }

        private static String summary(Manifest manifest) {
            StringBuilder text = new StringBuilder("Evidence capture ").append(manifest.status().wire()).append(": ");
            for (int i = 0; i < manifest.errors().size(); i++) {
                var error = manifest.errors().get(i);
                if (i > 0) {
                    text.append("; ");
                }
                text.append(error.component() == null ? error.stage() : error.component())
                        .append(' ').append(error.code()).append(" (").append(error.message()).append(')');
            }
            return text.toString();
        }
    }

    /**
     * Capture ran but storage prevented the manifest: EVIDENCE_CAPTURE_FAILED. Files already written
     * remain in {@code directory}; no finalized manifest is promised.
     */
    record NotPersisted(String evidenceId, Path directory, Failure failure) implements CaptureOutcome {
        @Override
        public CommandResult toResult() {
            return new CommandResult(false, BundleStatus.FAILED.wire(), null, evidenceId, null,
                    ErrorCodes.EVIDENCE_CAPTURE_FAILED,
                    "The manifest could not be persisted in " + directory + ": " + failure.message()
                            + ". Files already written remain there; free space or fix permissions and capture into a new directory.",
                    java.util.Map.of("bundleDir", directory.toString(), "cause", failure.code()), null);
        }

        @Override
        public boolean succeeded() {
            return false;
        }
    }
}
