package com.androperator.evidence.api.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.profile.LogcatHierarchy;
import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The simulated phone as each Operator generation (reference-compat.md §3), for end-to-end tests
 * through the CLI, MCP and the Java API: which package speaks which generation, the hierarchy it
 * returns (one element per line, as a logging Operator writes it), the untagged-marker Operator,
 * the wrong variant installed, and logcat scripts for the extraction rules' edge cases.
 */
public final class GenerationPhones {
    /** The hierarchy every generation returns here; a logging Operator logs one record per line. */
    public static final String XML = HierarchyFixtures.linePerElement(HierarchyFixtures.settings(20_000, 1080, 2400));

    private GenerationPhones() {
    }

    /** One generation as a user selects it: the package name, and what the phone plays. */
    public enum Generation {
        ANDROPERATOR("com.androperator.operator.dev", OperatorGeneration.ANDROPERATOR, "envelope"),
        CLAWPERATOR("com.clawperator.operator.dev", OperatorGeneration.CLAWPERATOR, "envelope"),
        CLAWPERATOR_LOGCAT("com.clawperator.operator", OperatorGeneration.CLAWPERATOR_LOGCAT, "logcat");

        public final String operatorPackage;
        public final OperatorGeneration played;
        /** Where the hierarchy came from, as captures.json's hierarchy record says ({@code details.hierarchySource}). */
        public final String hierarchySource;

        Generation(String operatorPackage, OperatorGeneration played, String hierarchySource) {
            this.operatorPackage = operatorPackage;
            this.played = played;
            this.hierarchySource = hierarchySource;
        }

        public UnaryOperator<SimulatorProfile> phone() {
            return playing(operatorPackage, played, LogcatHierarchy.TAGGED);
        }
    }

    /** The Operator installed as {@code operatorPackage}, speaking {@code generation}, logging as {@code logcat} says. */
    public static UnaryOperator<SimulatorProfile> playing(String operatorPackage, OperatorGeneration generation,
                                                         LogcatHierarchy logcat) {
        return profile -> profile.toBuilder().operatorAs(operatorPackage, "0.12.4", generation)
                .operator(op -> op.withLogcat(logcat).withHierarchy(ProfileFile.inMemory("hierarchy.xml",
                        XML.getBytes(StandardCharsets.UTF_8)))).build();
    }

    /** An Operator so old that it logs the hierarchy under the untagged marker only (names as its package's). */
    public static UnaryOperator<SimulatorProfile> untaggedMarkerOnly(String operatorPackage) {
        return playing(operatorPackage, loggingGenerationOf(operatorPackage), LogcatHierarchy.UNTAGGED);
    }

    /** A logging Operator whose log for the snapshot is exactly {@code script} (see {@link LogcatHierarchy}). */
    public static UnaryOperator<SimulatorProfile> scripted(String operatorPackage, String script) {
        return playing(operatorPackage, loggingGenerationOf(operatorPackage), LogcatHierarchy.scripted(
                ProfileFile.inMemory("logcat-script.txt", script.getBytes(StandardCharsets.UTF_8))));
    }

    /** The other variant of {@code selected} installed instead (with or without {@code .dev}). */
    public static UnaryOperator<SimulatorProfile> otherVariantInstalled(String selected) {
        String other = otherVariant(selected);
        return playing(other, isClawperator(other) ? OperatorGeneration.CLAWPERATOR : OperatorGeneration.ANDROPERATOR,
                LogcatHierarchy.TAGGED);
    }

    private static boolean isClawperator(String operatorPackage) {
        return operatorPackage.startsWith("com.clawperator.");
    }

    /** The generation whose names the package speaks, logging its hierarchy. */
    private static OperatorGeneration loggingGenerationOf(String operatorPackage) {
        return isClawperator(operatorPackage) ? OperatorGeneration.CLAWPERATOR_LOGCAT : OperatorGeneration.ANDROPERATOR;
    }

    public static String otherVariant(String operatorPackage) {
        return operatorPackage.endsWith(".dev") ? operatorPackage.substring(0, operatorPackage.length() - 4)
                : operatorPackage + ".dev";
    }

    /** The hierarchy error with the other variant of {@code selected} installed: code, and a message naming both. */
    public static void assertVariantMismatch(BundleError error, String selected) {
        assertThat(error.code()).isEqualTo(ErrorCodes.OPERATOR_VARIANT_MISMATCH);
        assertThat(error.message()).startsWith("Expected " + selected + " but found " + otherVariant(selected));
        assertThat(error.component()).isEqualTo("hierarchy");
    }

    /** Broadcasts {@code phone} has received since it started: none may follow a failed package check. */
    public static long broadcasts(DeviceSimulator phone) {
        return phone.receivedServices().stream().filter(service -> service.contains("am broadcast")).count();
    }

    /**
     * The hierarchy record of a bundle's captures.json, read as a plain tree: captures.json is an
     * object with {@code captures} or (the reference's shape) an array of records.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> hierarchyRecord(Path bundle) throws IOException {
        Object captures = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), Object.class);
        List<Object> records = captures instanceof List<?> list ? (List<Object>) list
                : (List<Object>) ((Map<String, Object>) captures).get("captures");
        return records.stream().map(record -> (Map<String, Object>) record)
                .filter(record -> "hierarchy".equals(record.get("kind"))).findFirst().orElseThrow();
    }
}
