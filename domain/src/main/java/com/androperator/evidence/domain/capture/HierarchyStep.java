package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.NonBlank;
import com.androperator.evidence.contracts.RawJson;
import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.capture.VerifiedWrite.Persisted;
import com.androperator.evidence.domain.capture.VerifiedWrite.Verdict;
import com.androperator.evidence.domain.policy.ErrorVocabulary;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorEnvelope;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorSession;
import com.androperator.evidence.domain.port.OperatorGateway.Readiness;
import com.androperator.evidence.domain.port.OperatorGateway.StepResult;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The raw hierarchy through the Operator: a read-only readiness check (doctor_ping), then one
 * snapshot_ui command, each dispatched at most once and never retried. The Operator's actual
 * success or failure is preserved: its XML is kept byte for byte, its error codes pass through,
 * and its original envelope goes into captures.json. Nothing here wakes, unlocks or presses Home.
 */
final class HierarchyStep {
    static final String STAGE = "hierarchy";
    static final String SOURCE = "operator";
    /** The reference's name for a result read from the Operator's result lines. */
    static final String TERMINAL_SOURCE = "androperator_result";
    /** The execution engine clamps timeouts to this range; below the minimum a command cannot run. */
    static final long ENGINE_MIN_TIMEOUT_MS = 1_000;
    static final long ENGINE_MAX_TIMEOUT_MS = 120_000;
    static final String DEADLINE_OWNER = "evidence_capture";
    static final OperatorAction READINESS = new OperatorAction("h1", "doctor_ping");
    static final OperatorAction SNAPSHOT = new OperatorAction("snap", "snapshot_ui");
    private static final String NO_SESSION = "the Operator gateway opened no session";

    private final OperatorGateway operator;
    private final HierarchyVerifier hierarchies;
    private final StepClock clock;
    private final String source;

    HierarchyStep(OperatorGateway operator, HierarchyVerifier hierarchies, StepClock clock, String source) {
        this.operator = operator;
        this.hierarchies = hierarchies;
        this.clock = clock;
        this.source = source;
    }

    /** What the conversation with the Operator produced. */
    sealed interface Exchange {
        /** The Operator's envelope as received, its exact bytes; null when none arrived. */
        @Nullable RawJson result();

        Details details();

        /** The same exchange with {@code details} as everything recorded about it. */
        Exchange withDetails(Details details);

        /** {@code text} is the snapshot's data.text, valid UTF-8, possibly spooled by the gateway. */
        record Xml(StreamedString text, RawJson result, Details details) implements Exchange {
            @Override
            public Xml withDetails(Details recorded) {
                return new Xml(text, result, recorded);
            }
        }

        record NoXml(BundleError error, @Nullable RawJson result, Details details) implements Exchange {
            @Override
            public NoXml withDetails(Details recorded) {
                return new NoXml(error, result, recorded);
            }
        }
    }

    /**
     * @param releases collects what frees the Operator's spooled strings; run once captures.json,
     *                 which holds them, is written
     */
    CapturedArtifact capture(String serial, String operatorPackage, Deadline deadline, GuardedWriter writer,
                             String evidenceId, Releases releases) {
        StepClock.Mark start = clock.mark();
        Exchange exchange = converse(serial, operatorPackage, deadline, evidenceId, releases);
        StepClock.Mark answered = clock.mark();
        Persisted persisted;
        Timing persistence = null;
        if (exchange instanceof Exchange.Xml xml) {
            persisted = persistXml(writer, xml.text());
            persistence = clock.between(answered, clock.mark());
        } else {
            persisted = new Persisted.Lost(((Exchange.NoXml) exchange).error());
        }
        Artifact artifact = CapturedArtifact.artifactOf(ArtifactKind.HIERARCHY, ArtifactFiles.XML,
                CapturedArtifact.reported(persisted), clock.between(start, clock.mark()), evidenceId + "-hierarchy",
                evidenceId);
        return new CapturedArtifact(artifact, CapturedArtifact.recordOf(artifact, SOURCE,
                clock.between(start, answered), persistence, resultOf(exchange, serial),
                exchange instanceof Exchange.Xml
                        ? CapturedArtifact.withReason(CapturedArtifact.specificError(persisted),
                                exchange.details())
                        : null));
    }

    /**
     * The reference's hierarchy result: {@code {ok: true, envelope, deviceId, terminalSource}} when
     * the Operator answered with hierarchy text (whether that text verifies is the manifest's to
     * say), else {@code {ok: false, error: {code, message, details}}}, with the envelope beside it
     * when one arrived.
     */
    private static Details resultOf(Exchange exchange, String serial) {
        if (exchange instanceof Exchange.NoXml noXml) {
            Details.Builder failed = CaptureRecord.failedReceipt(ErrorVocabulary.reported(noXml.error()),
                    CapturedArtifact.withReason(noXml.error(), noXml.details())).toBuilder();
            RawJson envelope = noXml.result();
            if (envelope != null) {
                failed.rawJson(DetailKey.ENVELOPE, envelope);
            }
            return failed.build();
        }
        return Details.builder().flag(DetailKey.OK, true)
                .rawJson(DetailKey.ENVELOPE, java.util.Objects.requireNonNull(exchange.result(), "an answer's envelope"))
                .text(DetailKey.DEVICE_ID, serial).text(DetailKey.TERMINAL_SOURCE, TERMINAL_SOURCE).build();
    }

    /**
     * hierarchy.partial.xml written from the text as the verifier reads it (the XML is parsed once,
     * and no whole copy is made), then promoted when it is well-formed.
     */
    private Persisted persistXml(GuardedWriter writer, StreamedString text) {
        GuardedWriter.StreamedPartial partial = writer.streamedPartial(ArtifactFiles.HIERARCHY_PARTIAL);
        Verdict verdict;
        try (CopyingStream copying = new CopyingStream(text.openUtf8(), partial)) {
            HierarchyVerification verification = verify(copying);
            try {
                copying.drain();
            } catch (IOException e) {
                if (!copying.storageFailed()) {
                    throw e;
                }
            }
            verdict = verdictOf(verification);
        } catch (IOException e) {
            verdict = new Verdict.Rejected(new BundleError(ErrorCodes.STORAGE_FAILED, VerifiedWrite.PERSISTENCE_STAGE,
                    "The Operator's hierarchy text could not be read back from the host's spool: " + e.getMessage(),
                    ArtifactKind.HIERARCHY.wire()));
        }
        if (!partial.started()) {
            return new Persisted.Lost(verdict instanceof Verdict.Rejected rejected ? rejected.error()
                    : hierarchyError(ErrorCodes.HIERARCHY_INVALID, "The Operator's hierarchy text yielded no bytes."));
        }
        Verdict decided = verdict;
        return VerifiedWrite.conclude(writer, ArtifactKind.HIERARCHY, ArtifactFiles.HIERARCHY_PARTIAL,
                ArtifactFiles.HIERARCHY, partial.finish(), () -> decided);
    }

    private Exchange converse(String serial, String operatorPackage, Deadline deadline, String evidenceId,
                              Releases releases) {
        List<String> effects = new ArrayList<>();
        Details.Builder details = Details.builder();
        if (deadline.cancelled()) {
            return UnansweredCommand.cancelledBeforeDispatch("readiness", effects, details, deadline);
        }
        if (deadline.remainingMillis() < ENGINE_MIN_TIMEOUT_MS) {
            return UnansweredCommand.skipped("readiness", effects, details, deadline);
        }
        // One session for both commands: one package check and one result reader per capture.
        Opened session = open(serial, operatorPackage);
        Exchange exchange;
        try {
            exchange = converse(session, serial, operatorPackage, deadline, evidenceId, releases, effects, details);
        } finally {
            session.close(details);
        }
        // What closing the session recorded comes after what the exchange did.
        return exchange.withDetails(details.build());
    }

    private Exchange converse(Opened session, String serial, String operatorPackage, Deadline deadline,
                              String evidenceId, Releases releases, List<String> effects, Details.Builder details) {
        OperatorOutcome readiness = session.execute(new OperatorCommand(serial, operatorPackage, evidenceId + "-readiness",
                evidenceId, source, engineTimeout(deadline), List.of(READINESS)), deadline);
        releases.add(readiness);
        if (readiness instanceof OperatorOutcome.NotAnswered notAnswered) {
            if (notAnswered.dispatched()) {
                effects.add("readiness_dispatched");
            }
            return UnansweredCommand.notAnswered("readiness", notAnswered, effects, details, deadline);
        }
        OperatorOutcome.Answered readinessAnswer = (OperatorOutcome.Answered) readiness;
        effects.add("readiness_checked");
        if (!readinessAnswer.envelope().succeeded()) {
            details.text(DetailKey.COMMAND, "readiness").rawJson(DetailKey.READINESS_RESULT, readinessAnswer.original());
            return new Exchange.NoXml(operatorFailure(readinessAnswer.envelope(), "The Operator's readiness check failed: "),
                    null, details.build());
        }
        Readiness facts = readinessOf(readinessAnswer.envelope());
        details.flagOrNull(DetailKey.SCREEN_ON, facts.screenOn()).flagOrNull(DetailKey.DEVICE_LOCKED, facts.deviceLocked())
                .flagOrNull(DetailKey.USER_UNLOCKED, facts.userUnlocked());
        if (!facts.ready()) {
            // The Operator's own answer is kept, as for a failed readiness check.
            details.text(DetailKey.COMMAND, "readiness").rawJson(DetailKey.READINESS_RESULT, readinessAnswer.original());
            return new Exchange.NoXml(new BundleError(ErrorCodes.DEVICE_NOT_INTERACTIVE, STAGE,
                    "The device is not interactive (screenOn=" + facts.screenOn() + ", deviceLocked=" + facts.deviceLocked()
                            + ", userUnlocked=" + facts.userUnlocked() + "). Evidence capture never wakes, unlocks or "
                            + "presses Home: prepare the screen yourself, then capture into a new directory.",
                    ArtifactKind.HIERARCHY.wire()), null, details.build());
        }
        if (deadline.cancelled()) {
            return UnansweredCommand.cancelledBeforeDispatch("snapshot", effects, details, deadline);
        }
        if (deadline.remainingMillis() < ENGINE_MIN_TIMEOUT_MS) {
            return UnansweredCommand.skipped("snapshot", effects, details, deadline);
        }
        OperatorOutcome snapshot = session.execute(new OperatorCommand(serial, operatorPackage, evidenceId + "-hierarchy",
                evidenceId, source, engineTimeout(deadline), List.of(SNAPSHOT)), deadline);
        releases.add(snapshot);
        if (snapshot instanceof OperatorOutcome.NotAnswered notAnswered) {
            if (notAnswered.dispatched()) {
                effects.add("broadcast_dispatched");
            }
            return UnansweredCommand.notAnswered("snapshot", notAnswered, effects, details, deadline);
        }
        // A terminal result accepted before the deadline is kept even if the deadline has passed since.
        OperatorOutcome.Answered answer = (OperatorOutcome.Answered) snapshot;
        details.nested(DetailKey.READER, answer.readerDiagnostics().details());
        return snapshotXml(answer, details);
    }

    private static Exchange snapshotXml(OperatorOutcome.Answered answer, Details.Builder details) {
        OperatorEnvelope envelope = answer.envelope();
        if (!envelope.succeeded()) {
            return new Exchange.NoXml(operatorFailure(envelope, ""), answer.original(), details.build());
        }
        Optional<StepResult> step = envelope.stepResults().stream().filter(s -> SNAPSHOT.id().equals(s.id())).findFirst();
        if (step.isEmpty() || !step.get().success()) {
            return new Exchange.NoXml(hierarchyError(ErrorCodes.SNAPSHOT_STEP_MISSING, step.isEmpty()
                    ? "The Operator reported success without a \"snap\" step result."
                    : "The Operator reported success but its \"snap\" step failed."), answer.original(), details.build());
        }
        StreamedString text = step.get().text();
        if (text != null && text.utf8Length() > 0) {
            details.text(DetailKey.HIERARCHY_SOURCE, "envelope");
            return new Exchange.Xml(text, answer.original(), details.build());
        }
        return loggedXml(answer, details);
    }

    /**
     * No data.text: Operators before Clawperator 0.12.3 log the hierarchy as tagged logcat lines
     * (reference-compat.md §3), which the gateway collected from the command's window.
     */
    private static Exchange loggedXml(OperatorOutcome.Answered answer, Details.Builder details) {
        OperatorGateway.LoggedHierarchy logged = answer.loggedHierarchy();
        if (logged instanceof OperatorGateway.LoggedHierarchy.Found found && found.xml().utf8Length() > 0) {
            details.text(DetailKey.HIERARCHY_SOURCE, "logcat");
            // Kept verbatim beside the envelope, as data.text is inside it: the bundle shows where hierarchy.xml came from.
            details.streamedText(DetailKey.LOGGED_HIERARCHY, found.xml());
            return new Exchange.Xml(found.xml(), answer.original(), details.build());
        }
        if (logged instanceof OperatorGateway.LoggedHierarchy.UntaggedMarkerOnly) {
            return new Exchange.NoXml(hierarchyError(ErrorCodes.VERSION_INCOMPATIBLE, "The Operator sent no"
                    + " data.text and logged its hierarchy only under the untagged marker \"[TaskScope] UI Hierarchy:\","
                    + " which cannot be tied to this command: this Operator is too old. Install an Operator that"
                    + " returns data.text or logs \"[TaskScope] UI Hierarchy [commandId=...]:\"."),
                    answer.original(), details.build());
        }
        if (logged instanceof OperatorGateway.LoggedHierarchy.Unusable unusable) {
            return new Exchange.NoXml(hierarchyError(ErrorCodes.RESULT_ENVELOPE_MALFORMED, "The Operator sent no"
                    + " data.text and the hierarchy it logged for this command cannot be kept: " + unusable.reason()),
                    answer.original(), details.build());
        }
        return new Exchange.NoXml(hierarchyError(ErrorCodes.HIERARCHY_INVALID, logged instanceof
                OperatorGateway.LoggedHierarchy.Found
                ? "The Operator's \"snap\" step carried no data.text and the hierarchy it logged for this command is empty."
                : "The Operator's \"snap\" step carried no hierarchy XML in data.text."), answer.original(), details.build());
    }

    /** The Operator's own failure: its error code passes through unchanged. */
    private static BundleError operatorFailure(OperatorEnvelope envelope, String prefix) {
        // Blank as the schema's \S means it: a lone U+00A0 from the device is no code or message.
        String reportedCode = envelope.errorCode();
        String code = reportedCode == null || !NonBlank.isNonBlank(reportedCode) ? ErrorCodes.OPERATOR_COMMAND_FAILED
                : reportedCode;
        String reportedMessage = envelope.error();
        String message = reportedMessage == null || !NonBlank.isNonBlank(reportedMessage)
                ? "the Operator reported status \"" + envelope.status() + "\" without a message" : reportedMessage;
        return hierarchyError(code, prefix + message);
    }

    private Opened open(String serial, String operatorPackage) {
        try {
            OperatorSession session = operator.open(serial, operatorPackage);
            return new Opened(session, session == null ? NO_SESSION : null);
        } catch (RuntimeException e) {
            return new Opened(null, "the Operator gateway could not open a session: " + AdapterFault.describe(e));
        }
    }

    /** The capture's Operator session, or why there is none; adapter faults become outcomes. */
    private record Opened(@Nullable OperatorSession session, @Nullable String broken) {
        OperatorOutcome execute(OperatorCommand command, Deadline deadline) {
            if (session == null) {
                return gatewayBroke(command, broken != null ? broken : NO_SESSION);
            }
            try {
                OperatorOutcome outcome = session.execute(command, deadline);
                if (outcome != null) {
                    return outcome;
                }
                return gatewayBroke(command, "the Operator gateway returned no outcome");
            } catch (RuntimeException e) {
                return gatewayBroke(command, "the Operator gateway failed: " + AdapterFault.describe(e));
            }
        }

        /** Stops the session's reader; a fault doing so is kept beside the evidence, which it cannot change. */
        void close(Details.Builder details) {
            if (session == null) {
                return;
            }
            try {
                session.close();
            } catch (RuntimeException e) {
                details.text(DetailKey.SESSION_CLOSE_FAILURE, AdapterFault.describe(e));
            }
        }
    }

    /** Whether the broadcast went out is unknown, so it counts as dispatched: it is never sent again. */
    private static OperatorOutcome gatewayBroke(OperatorCommand command, String message) {
        return new OperatorOutcome.NotAnswered(new Failure(ErrorCodes.OPERATOR_COMMAND_FAILED, message + " ("
                + command.commandId() + "; whether it was dispatched is unknown)", Details.NONE), CommandPhase.UNKNOWN, true);
    }

    private static int engineTimeout(Deadline deadline) {
        return (int) Math.max(ENGINE_MIN_TIMEOUT_MS, Math.min(ENGINE_MAX_TIMEOUT_MS, deadline.remainingMillis()));
    }

    private HierarchyVerification verify(InputStream xml) {
        try {
            HierarchyVerification verification = hierarchies.verify(xml);
            return verification != null ? verification
                    : new HierarchyVerification.Rejected("the XML verifier returned no verdict");
        } catch (RuntimeException e) {
            return new HierarchyVerification.Rejected("the XML verifier failed: " + AdapterFault.describe(e));
        }
    }

    private static Verdict verdictOf(HierarchyVerification verification) {
        if (verification instanceof HierarchyVerification.WellFormed) {
            return new Verdict.Accepted(null);
        }
        return new Verdict.Rejected(new BundleError(ErrorCodes.HIERARCHY_INVALID, VerifiedWrite.VERIFICATION_STAGE,
                "The hierarchy is not well-formed XML rooted at <hierarchy>: "
                        + ((HierarchyVerification.Rejected) verification).reason(), ArtifactKind.HIERARCHY.wire()));
    }

    static BundleError hierarchyError(String code, String message) {
        return new BundleError(code, STAGE, message, ArtifactKind.HIERARCHY.wire());
    }

    /** The doctor_ping step's facts: the step named h1, else the first doctor_ping step; none is not ready. */
    private static Readiness readinessOf(OperatorEnvelope envelope) {
        return envelope.stepResults().stream().filter(s -> READINESS.id().equals(s.id())).findFirst()
                .or(() -> envelope.stepResults().stream().filter(s -> READINESS.type().equals(s.actionType())).findFirst())
                .map(StepResult::readiness).orElse(Readiness.UNKNOWN);
    }
}
