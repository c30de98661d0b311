package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Checked;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One evidence-root rule for still capture and video: the same environment puts managed still
 * bundles and video sessions under the same bundles/ directory, and touches nothing on disk.
 */
class EvidenceRootRuleTest {
    private static final String VARIABLE = "ANDROPERATOR_EVIDENCE_DIR";
    private static final Path ACCOUNT_HOME = Path.of(System.getProperty("user.home")).toAbsolutePath();

    @TempDir
    Path temp;

    /** HOME (null: unset), ANDROPERATOR_EVIDENCE_DIR (null: unset), the expected root relative to temp (null: the account home's). */
    static Stream<Arguments> environments() {
        return Stream.of(
                Arguments.of("unset HOME", null, null, null),
                Arguments.of("empty HOME", "", null, null),
                Arguments.of("blank HOME", "  \t", null, null),
                Arguments.of("HOME", "<temp>/home", null, "home/.androperator/evidence"),
                Arguments.of("relative HOME", "relative-home", null, "cwd/relative-home/.androperator/evidence"),
                Arguments.of("variable with blank HOME", " ", "<temp>/evidence", "evidence"),
                Arguments.of("variable with unset HOME", null, "<temp>/evidence", "evidence"),
                Arguments.of("relative variable", "<temp>/home", "state/../evidence", "cwd/evidence"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("environments")
    void stillAndVideoUseTheSameRoot(String name, String home, String variable, String expected) throws Exception {
        Map<String, String> environment = environment(home, variable);
        Path cwd = Files.createDirectories(temp.resolve("cwd"));
        Path root = expected == null ? ACCOUNT_HOME.resolve(".androperator").resolve("evidence")
                : temp.resolve(expected);

        assertThat(CompositionRoot.evidenceRoot(environment, cwd)).isEqualTo(Checked.accepted(root));

        Checked<Path> still = CompositionRoot.managedBundles(CaptureDependencies.builder()
                .environment(environment).workingDirectory(cwd).build()).locate();
        assertThat(still).isEqualTo(Checked.accepted(root.resolve("bundles")));

        CommandResult video = new EvidenceVideo(VideoDependencies.defaults().withEnvironment(environment)
                .withWorkingDirectory(cwd)).status(SessionRef.sessionId("session-1")).result();
        assertThat(video.code()).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
        assertThat(video.message()).contains(root.resolve("bundles").resolve("session-1").resolve("manifest.json")
                .toString());

        try (Stream<Path> created = Files.list(temp)) {
            assertThat(created).as("nothing is created by resolving").containsExactly(cwd);
        }
        try (Stream<Path> created = Files.list(cwd)) {
            assertThat(created).isEmpty();
        }
    }

    @ParameterizedTest(name = "HOME {0}")
    @MethodSource("blankOrUnsetHomes")
    void anUnsetOrBlankHomeIsTheAccountsHome(String home) {
        Map<String, String> environment = environment(home, null);
        Path accountHome = temp.resolve("account");

        assertThat(CompositionRoot.evidenceRoot(environment, accountHome, temp.resolve("cwd")))
                .isEqualTo(Checked.accepted(accountHome.resolve(".androperator/evidence")));
    }

    static Stream<String> blankOrUnsetHomes() {
        return Stream.of(null, "", " ", "\t\n");
    }

    @ParameterizedTest(name = "variable \"{0}\"")
    @MethodSource("invalidVariables")
    void aBlankVariableIsRefusedByStillAndVideoAlike(String value) {
        Map<String, String> environment = environment(" ", value);

        Checked<Path> still = CompositionRoot.managedBundles(CaptureDependencies.builder()
                .environment(environment).workingDirectory(temp).build()).locate();
        CommandResult video = new EvidenceVideo(VideoDependencies.defaults().withEnvironment(environment)
                .withWorkingDirectory(temp)).status(SessionRef.sessionId("session-1")).result();

        assertThat(still.rejection()).hasValueSatisfying(failure ->
                assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED));
        assertThat(video.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(video.message()).isEqualTo(still.rejection().orElseThrow().message());
    }

    static Stream<String> invalidVariables() {
        return Stream.of("", " ", "\t");
    }

    private Map<String, String> environment(String home, String variable) {
        Map<String, String> environment = new HashMap<>();
        if (home != null) {
            environment.put("HOME", home.replace("<temp>", temp.toString()));
        }
        if (variable != null) {
            environment.put(VARIABLE, variable.replace("<temp>", temp.toString()));
        }
        return environment;
    }
}
