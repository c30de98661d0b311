package com.androperator.evidence.junit5;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import java.io.PrintStream;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.TestAbortedException;

/**
 * Captures an evidence bundle (screenshot, UI hierarchy, device metadata) from the phone when a
 * test fails, and publishes where it is through JUnit's reporting. It never changes the test's
 * outcome: whatever happens during the capture is reported, never thrown.
 *
 * <p>Register it with {@code @ExtendWith(CaptureEvidenceOnFailure.class)}, configured by
 * {@link Config}, JUnit configuration parameters or the environment, or with
 * {@code @RegisterExtension} and {@link #builder()}. Precedence and keys: the module's README.
 *
 * <p>A failure of the test method is captured in {@link #afterTestExecution}, before any
 * {@code @AfterEach} method or after-each callback runs, so the screen still shows what the test
 * left on it. A failure that the method itself did not raise (in {@code @BeforeEach},
 * {@code @AfterEach} or another extension's callback) is captured in {@link #testFailed}, after
 * the teardown. Either way a test gets at most one bundle, even when the extension is registered
 * twice. Aborted (assumption), disabled and successful tests capture nothing.
 *
 * <p>With {@code video} set to {@code on-failure} or {@code always}, the test method is also
 * recorded through the managed video API: the recording starts in {@link #beforeTestExecution}
 * (after every {@code @BeforeEach}) and stops in {@link #afterTestExecution} (before any
 * {@code @AfterEach}, and before the still capture), waiting until the session has settled so that
 * no device lock outlives the test. Once the test's verdict is known, a failed test's bundle (every
 * test's with {@code always}) is published like the still bundle; a passing or aborted test's is
 * removed under {@code on-failure}. A recording that cannot start is a report entry, never a failure.
 */
public final class CaptureEvidenceOnFailure implements BeforeTestExecutionCallback, AfterTestExecutionCallback,
        TestWatcher {
    /** Sent to the Operator as the command's source. */
    static final String TOOL_NAME = "androperator-junit5";
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(CaptureEvidenceOnFailure.class);
    private static final String HANDLED = "handled-unique-ids";
    private static final String RECORDED = "recorded-unique-ids";
    private static final String RECORDINGS = "recordings";

    private final Map<Setting, String> programmatic;
    private final Map<String, String> environment;

    /** The declarative registration: annotations, configuration parameters and the process environment. */
    public CaptureEvidenceOnFailure() {
        this(Map.of(), null);
    }

    private CaptureEvidenceOnFailure(Map<Setting, String> programmatic, Map<String, String> environment) {
        this.programmatic = programmatic;
        this.environment = environment;
    }

    /** For {@code @RegisterExtension}: values set here rank below {@link Config} and above everything else. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        try {
            VideoSettings.Choice choice = VideoSettings.resolve(context, programmatic, environment());
            if (choice instanceof VideoSettings.Off || !firstFor(context, RECORDED)) {
                return;
            }
            startRecording(context, choice).ifPresent(report -> report.publish(context,
                    subjectAndDisplayName(context), false, stderr()));
        } catch (RuntimeException | LinkageError e) {
            VideoReport.crashed(e).publish(context, subjectAndDisplayName(context), false, stderr());
        }
    }

    /** Starts and remembers the test's recording; what to report when it did not start. */
    private Optional<VideoReport> startRecording(ExtensionContext context, VideoSettings.Choice choice) {
        if (choice instanceof VideoSettings.Invalid invalid) {
            return Optional.of(VideoReport.invalidConfiguration(invalid.message()));
        }
        EvidenceSettings.Resolution resolution = EvidenceSettings.resolve(context, programmatic, environment());
        if (resolution instanceof EvidenceSettings.Invalid invalid) {
            return Optional.of(VideoReport.invalidConfiguration(invalid.message()));
        }
        TestVideo video = TestVideo.start(context, (VideoSettings.Record) choice, (EvidenceSettings.Plan) resolution);
        if (video.hasBundle()) {
            recordings(context).put(context.getUniqueId(), video);
        }
        return video.startProblem();
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        stopRecording(context);
        context.getExecutionException()
                .filter(failure -> !(failure instanceof TestAbortedException))
                .ifPresent(failure -> captureOnce(context, failure));
    }

    /** Stops the test's recording, if it has one, and waits until it has settled; never throws. */
    private void stopRecording(ExtensionContext context) {
        try {
            TestVideo video = recordings(context).get(context.getUniqueId());
            if (video != null) {
                video.stop();
            }
        } catch (RuntimeException | LinkageError e) {
            VideoReport.crashed(e).publish(context, subjectAndDisplayName(context), false, stderr());
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        captureOnce(context, cause);
        settleRecording(context, true);
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        settleRecording(context, false);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        settleRecording(context, false);
    }

    /** Publishes the test's video bundle when its verdict keeps it, else discards it; once per test, never throws. */
    private void settleRecording(ExtensionContext context, boolean failed) {
        String subject = subjectAndDisplayName(context);
        try {
            TestVideo video = recordings(context).remove(context.getUniqueId());
            if (video == null) {
                return;
            }
            if (!video.keptFor(failed)) {
                video.discard().ifPresent(kept -> kept.publish(context, subject, false, stderr()));
                return;
            }
            VideoReport report = video.report();
            report.publish(context, subject, true, stderr());
            if (report.manifestPath() != null) {
                CiAttachments.publish(context, java.nio.file.Path.of(report.manifestPath()), System.out, stderr());
            }
        } catch (RuntimeException | LinkageError e) {
            VideoReport.crashed(e).publish(context, subject, false, stderr());
        }
    }

    private void captureOnce(ExtensionContext context, Throwable failure) {
        long started = System.nanoTime();
        try {
            if (!firstFor(context, HANDLED)) {
                return;
            }
            EvidenceReport report;
            try {
                report = capture(context, failure, started);
            } catch (RuntimeException | LinkageError e) {
                report = EvidenceReport.crashed(e, elapsedMs(started));
            }
            report.publish(context, subjectAndDisplayName(context), stderr());
            if (report.manifestPath() != null) {
                CiAttachments.publish(context, java.nio.file.Path.of(report.manifestPath()), System.out, stderr());
            }
        } catch (RuntimeException | LinkageError e) {
            stderr().println("[androperator-junit5] evidence capture for " + context.getUniqueId()
                    + " could not be reported: " + e);
        }
    }

    private EvidenceReport capture(ExtensionContext context, Throwable failure, long started) {
        EvidenceSettings.Resolution resolution = EvidenceSettings.resolve(context, programmatic, environment());
        if (resolution instanceof EvidenceSettings.Invalid invalid) {
            return EvidenceReport.invalidConfiguration(invalid.message(), elapsedMs(started));
        }
        EvidenceSettings.Plan plan = (EvidenceSettings.Plan) resolution;
        RequestValues values = plan.values().with(RequestField.LABEL, FailureContext.label(context))
                .with(RequestField.CONTEXT, FailureContext.of(context, failure));
        CaptureCommand command = CaptureCommand.of(values, plan.terms());
        CaptureDependencies dependencies = CaptureDependencies.builder()
                .environment(plan.environment())
                .toolName(TOOL_NAME)
                .build();
        CaptureOutcome outcome = EvidenceCapture.capture(command, dependencies, new Cancellation());
        return EvidenceReport.of(outcome.toResult(), plan.sourceByVariable(), elapsedMs(started));
    }

    private Map<String, String> environment() {
        return environment == null ? System.getenv() : environment;
    }

    /**
     * True once per test and {@code purpose}: the class's store (open until every test of the class
     * has finished, unlike the test's own, which is closed before {@link #testFailed}) remembers the
     * tests already handled, also across two registrations of the extension.
     */
    private static boolean firstFor(ExtensionContext context, String purpose) {
        ExtensionContext owner = context.getParent().orElse(context);
        @SuppressWarnings("unchecked")
        Set<String> handled = owner.getStore(NAMESPACE)
                .getOrComputeIfAbsent(purpose, key -> Collections.newSetFromMap(new ConcurrentHashMap<>()), Set.class);
        return handled.add(context.getUniqueId());
    }

    /** The recordings under way or awaiting their test's verdict, by unique id, in the class's store. */
    private static Map<String, TestVideo> recordings(ExtensionContext context) {
        ExtensionContext owner = context.getParent().orElse(context);
        @SuppressWarnings("unchecked")
        Map<String, TestVideo> recordings = owner.getStore(NAMESPACE)
                .getOrComputeIfAbsent(RECORDINGS, key -> new ConcurrentHashMap<String, TestVideo>(), Map.class);
        return recordings;
    }

    /** The subject, and the display name where it tells invocations of one method apart. */
    private static String subjectAndDisplayName(ExtensionContext context) {
        String subject = FailureContext.subject(context);
        String method = context.getTestMethod().map(m -> m.getName() + "(").orElse("");
        return context.getDisplayName().startsWith(method) ? subject : subject + " [" + context.getDisplayName() + "]";
    }

    private static long elapsedMs(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static PrintStream stderr() {
        return System.err;
    }

    /**
     * Configures the extension for the annotated class (and its nested classes) or method; a method's
     * attribute overrides the class's, an inner class's the outer's. An attribute left at its default
     * ({@code ""}, or 0 for {@link #timeoutMs()}) is not set, and the next source is consulted. This
     * annotation does not register the extension.
     */
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Inherited
    public @interface Config {
        /** The device's serial as {@code adb devices} lists it; unset means the only attached device. */
        String device() default "";

        /** The installed Operator app's package; unset means {@code com.androperator.operator}. */
        String operatorPackage() default "";

        /** The evidence root (bundles go to {@code <root>/bundles/<evidenceId>}); relative to the working directory. */
        String evidenceRoot() default "";

        /** The device-work budget in milliseconds, 1000..120000; 0 (unset) means 30000. */
        long timeoutMs() default 0;

        /** Record the test method: {@code off} (unset means off), {@code on-failure} or {@code always}. */
        String video() default "";

        /** The recording's cap in seconds, 1..180; 0 (unset) means 180. A longer test's clip ends at the cap. */
        int videoDurationSeconds() default 0;
    }

    /**
     * Settings for {@code @RegisterExtension}. Each is optional; a null leaves the setting to the
     * configuration parameter, then the environment.
     */
    public static final class Builder {
        private final Map<Setting, String> values = new EnumMap<>(Setting.class);
        private Map<String, String> environment;

        private Builder() {
        }

        public Builder device(String serial) {
            return set(Setting.DEVICE, serial);
        }

        public Builder operatorPackage(String operatorPackage) {
            return set(Setting.OPERATOR_PACKAGE, operatorPackage);
        }

        public Builder evidenceRoot(String evidenceRoot) {
            return set(Setting.EVIDENCE_ROOT, evidenceRoot);
        }

        public Builder evidenceRoot(java.nio.file.Path evidenceRoot) {
            return set(Setting.EVIDENCE_ROOT, evidenceRoot == null ? null : evidenceRoot.toString());
        }

        public Builder timeoutMs(Long timeoutMs) {
            return set(Setting.TIMEOUT_MS, timeoutMs == null ? null : timeoutMs.toString());
        }

        public Builder timeoutMs(long timeoutMs) {
            return set(Setting.TIMEOUT_MS, Long.toString(timeoutMs));
        }

        /** Record each test method: {@code off}, {@code on-failure} or {@code always}. */
        public Builder video(String mode) {
            return set(Setting.VIDEO, mode);
        }

        /** The recording's cap in seconds, 1..180 (default 180). */
        public Builder videoDurationSeconds(Integer seconds) {
            return set(Setting.VIDEO_DURATION_SECONDS, seconds == null ? null : seconds.toString());
        }

        /** The adb server as {@code tcp:HOST:PORT} (or {@code tcp:PORT}); wins over {@link #adbServerPort}. */
        public Builder adbServerSocket(String socket) {
            return set(Setting.ADB_SERVER_SOCKET, socket);
        }

        /** An adb server on 127.0.0.1 at this port. */
        public Builder adbServerPort(Integer port) {
            return set(Setting.ADB_SERVER_PORT, port == null ? null : port.toString());
        }

        /**
         * The environment read for the variables (ANDROID_SERIAL, ANDROPERATOR_*, the adb server's, HOME,
         * PATH for starting adb) instead of the process's; null means the process's.
         */
        public Builder environment(Map<String, String> environment) {
            this.environment = environment == null ? null : Map.copyOf(environment);
            return this;
        }

        public CaptureEvidenceOnFailure build() {
            return new CaptureEvidenceOnFailure(Map.copyOf(values), environment);
        }

        private Builder set(Setting setting, String value) {
            if (value == null) {
                values.remove(setting);
            } else {
                values.put(setting, value);
            }
            return this;
        }
    }
}
