package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** How a capture request ended. Each maps to the spec's result object and exit status. */
public sealed interface CaptureOutcome {

    CommandResult toResult();

    /** True only for a complete bundle: CLI exit 0, MCP isError false. */
    boolean succeeded();

    /** Refused before capture (invalid request, existing output, device selection): nothing was created. */
    record Refused(Failure failure, @Nullable String hint) implements CaptureOutcome {
        @Override
        public CommandResult toResult() {
            return CommandResult.refusal(failure.code(), failure.message(), failure.details(), hint);
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
     * remain in {@code directory}; no finalized manifest is promised. {@code unpersisted} is the
     * manifest that could not be written: the result reports from it what was captured and what
     * remains on disk. Its status is never {@code complete} (a receipt, the manifest, failed) and
     * {@code failed} only when neither capture is usable, as the spec's table reserves it.
     */
    record NotPersisted(String evidenceId, Path directory, Failure failure, Manifest unpersisted)
            implements CaptureOutcome {
        public NotPersisted {
            java.util.Objects.requireNonNull(unpersisted, "unpersisted");
        }

        @Override
        public CommandResult toResult() {
            BundleStatus status = unpersisted.status() == BundleStatus.FAILED ? BundleStatus.FAILED : BundleStatus.PARTIAL;
            List<Details> files = new ArrayList<>();
            List<String> described = new ArrayList<>();
            for (Artifact artifact : unpersisted.artifacts()) {
                if (artifact.path() == null) {
                    continue;
                }
                files.add(Details.builder().text(DetailKey.PATH, artifact.path())
                        .text(DetailKey.KIND, artifact.kind().wire()).text(DetailKey.STATUS, artifact.status().wire())
                        .numberOrNull(DetailKey.BYTES, artifact.bytes()).textOrNull(DetailKey.SHA256, artifact.sha256()).build());
                described.add(artifact.path() + " (" + artifact.kind().wire() + ", " + artifact.status().wire()
                        + ", " + artifact.bytes() + " bytes)");
            }
            List<Details> errors = new ArrayList<>();
            for (BundleError error : unpersisted.errors()) {
                errors.add(Details.builder().text(DetailKey.CODE, error.code())
                        .textOrNull(DetailKey.COMPONENT, error.component()).text(DetailKey.MESSAGE, error.message()).build());
            }
            Details details = Details.builder().text(DetailKey.BUNDLE_DIR, directory.toString())
                    .text(DetailKey.CAUSE, failure.code()).nested(DetailKey.CAUSE_DETAILS, failure.details())
                    .flag(DetailKey.MANIFEST_PERSISTED, false).list(DetailKey.FILES, files)
                    .list(DetailKey.ERRORS, errors).build();
            String captured = verifiedCaptures();
            String message = "Evidence capture " + status.wire() + ": the manifest could not be persisted in "
                    + directory + " (" + failure.message() + "). "
                    + (captured.isEmpty() ? "Neither capture is usable. " : "Captured and verified: " + captured + ". ")
                    + (described.isEmpty() ? "No captured file remains there."
                    : "What remains on disk there: " + String.join(", ", described) + ".")
                    + " No manifest.json was written, so nothing there is finalized; free space or fix the storage,"
                    + " then capture into a new directory.";
            return new CommandResult(false, status.wire(), null, evidenceId, null, ErrorCodes.EVIDENCE_CAPTURE_FAILED,
                    message, details, null);
        }

        /** The verified still captures (screenshot, hierarchy), as "kind (path)". */
        private String verifiedCaptures() {
            List<String> kinds = new ArrayList<>();
            for (Artifact artifact : unpersisted.artifacts()) {
                if (artifact.status() == ArtifactStatus.COMPLETE && artifact.kind() != ArtifactKind.CAPTURE_ENVELOPES) {
                    kinds.add(artifact.kind().wire() + " (" + artifact.path() + ")");
                }
            }
            return String.join(" and ", kinds);
        }

        @Override
        public boolean succeeded() {
            return false;
        }
    }
}
