package com.androperator.evidence.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.cycle_detection.Cycle;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each rule, on a fixture tree where every class in a {@code Violations.java} breaks exactly one
 * clause of one rule, reports exactly the violations listed here (origin and target of each
 * forbidden dependency, or the offending class): drop a clause, a package from a clause or an
 * allowance, and its list changes. Every rule also passes on a clean tree that uses each of its
 * allowances, and fails on an empty package (a renamed package can never make a rule pass vacuously).
 */
class RulesCatchViolationsTest {
    private static final String FIXTURES = "com.androperator.evidence.archfixture";
    private static final String BROKEN_ROOT = FIXTURES + ".broken";
    private static final String CLEAN_ROOT = FIXTURES + ".clean";
    private static final JavaClasses BROKEN = new ClassFileImporter().importPackages(BROKEN_ROOT);
    private static final JavaClasses CLEAN = new ClassFileImporter().importPackages(CLEAN_ROOT);

    static Stream<Arguments> rules() {
        return Stream.of(
                rule("domainIsPure", LayerRules::domainIsPure,
                        "domain.ReachesLibrary -> org.junit.jupiter.api.Assertions"),
                rule("contractsStandAlone", LayerRules::contractsStandAlone,
                        "contracts.ReachesDomain -> domain.UseCase"),
                rule("adbAdapterIsolated", LayerRules::adbAdapterIsolated,
                        "adapters.adb.ReachesApi -> api.CompositionRoot",
                        "adapters.adb.ReachesCli -> cli.Command",
                        "adapters.adb.ReachesFs -> adapters.fs.FsAdapter",
                        "adapters.adb.ReachesJunit5 -> junit5.Extension",
                        "adapters.adb.ReachesMcp -> mcp.Tool",
                        "adapters.adb.ReachesMedia -> adapters.media.MediaAdapter"),
                rule("fsAdapterIsolated", LayerRules::fsAdapterIsolated,
                        "adapters.fs.ReachesAdb -> adapters.adb.AdbAdapter",
                        "adapters.fs.ReachesApi -> api.CompositionRoot",
                        "adapters.fs.ReachesCli -> cli.Command",
                        "adapters.fs.ReachesJunit5 -> junit5.Extension",
                        "adapters.fs.ReachesMcp -> mcp.Tool",
                        "adapters.fs.ReachesMedia -> adapters.media.MediaAdapter"),
                rule("mediaAdapterIsolated", LayerRules::mediaAdapterIsolated,
                        "adapters.media.ReachesAdb -> adapters.adb.AdbAdapter",
                        "adapters.media.ReachesApi -> api.CompositionRoot",
                        "adapters.media.ReachesCli -> cli.Command",
                        "adapters.media.ReachesFs -> adapters.fs.FsAdapter",
                        "adapters.media.ReachesJunit5 -> junit5.Extension",
                        "adapters.media.ReachesMcp -> mcp.Tool"),
                rule("portsAreInterfaces", LayerRules::portsAreInterfaces,
                        "domain.port.Kind",
                        "domain.port.Reading",
                        "domain.port.SourceBase",
                        "domain.video.port.RecorderBase"),
                rule("domainPackagesAreFreeOfCycles", LayerRules::domainPackagesAreFreeOfCycles,
                        "domain.budget.Deadline -> domain.port.Clock",
                        "domain.port.Clock -> domain.budget.Deadline"),
                rule("portsBelongToTheDomain", LayerRules::portsBelongToTheDomain,
                        "adapters.fs.port.Misplaced"),
                rule("adaptersImplementOnlyPorts", LayerRules::adaptersImplementOnlyPorts,
                        "adapters.media.ImplementsDomainInterface",
                        "api.ImplementsDomainInterface"),
                rule("edgesUseTheCompositionRoot", LayerRules::edgesUseTheCompositionRoot,
                        "cli.WiresAdapter -> adapters.adb.AdbAdapter",
                        "junit5.WiresAdapter -> adapters.adb.AdbAdapter",
                        "mcp.WiresAdapter -> adapters.adb.AdbAdapter"),
                rule("cliHoldsNoDaemon", LayerRules::cliHoldsNoDaemon,
                        "cli.CaptureDaemon",
                        "cli.DaemonWire",
                        "cli.ListensForClients -> java.net.ServerSocket"),
                rule("daemonStandsAlone", LayerRules::daemonStandsAlone,
                        "daemon.ReachesCli -> cli.Command",
                        "daemon.ReachesMcp -> mcp.Tool",
                        "daemon.ReachesPicocli -> picocli.CommandLine"),
                rule("viewerOnlyReadsBundles", LayerRules::viewerOnlyReadsBundles,
                        "viewer.ReachesAdapter -> adapters.fs.FsAdapter",
                        "viewer.ReachesVerifierInternals -> conformance.Internals"),
                rule("kitJudgesIndependently", LayerRules::kitJudgesIndependently,
                        "kit.ReachesAdapter -> adapters.media.MediaAdapter",
                        "kit.ReachesContractRecord -> contracts.Record",
                        "kit.ReachesDomain -> domain.UseCase",
                        "kit.ReachesVerifierInternals -> conformance.Internals"),
                rule("conformanceJudgesByTheContract", LayerRules::conformanceJudgesByTheContract,
                        "conformance.ReachesDomain -> domain.UseCase"),
                rule("simulatorStandsAlone", LayerRules::simulatorStandsAlone,
                        "simulator.ReachesContracts -> contracts.Record",
                        "simulator.lab.ReachesContracts -> contracts.Record"),
                rule("simulatorIsTestSupport", LayerRules::simulatorIsTestSupport,
                        "api.StartsSimulator -> simulator.Phone"),
                rule("domainSpeaksInTypes", root -> LayerRules.domainSpeaksInTypes(root, Set.of()),
                        "domain.CarriesMap#details",
                        "domain.CarriesNestedMaps#reads",
                        "domain.port.TakesMap#keep",
                        "domain.port.GivesMap#diagnostics"),
                rule("domainMakesNoMapsOfItsValues", LayerRules::domainMakesNoMapsOfItsValues,
                        "domain.ReadsDetailsAsMap -> contracts.Details",
                        "domain.MakesDetailsFromJson -> contracts.Details",
                        "domain.ReadsContextAsMap -> contracts.CallerContext",
                        "domain.CopiesContextFromMap -> contracts.CallerContext"),
                rule("edgesBuildTheCaptureCommandFromRequestValues",
                        LayerRules::edgesBuildTheCaptureCommandFromRequestValues,
                        "mcp.BuildsCaptureCommandByHand -> domain.capture.CaptureCommand"),
                rule("adaptersAreConstructedOnlyInTheRoot", LayerRules::adaptersAreConstructedOnlyInTheRoot,
                        "api.ConstructsAdapter -> adapters.adb.AdbAdapter",
                        "api.ConstructsPortImplementation -> api.LocalSource"));
    }

    private static Arguments rule(String name, Function<String, ArchRule> rule, String... violations) {
        return Arguments.of(name, rule, Set.of(violations));
    }

    @ParameterizedTest(name = "{0} reports exactly its fixtures' violations")
    @MethodSource("rules")
    void reportsExactlyTheBrokenFixturesViolations(String name, Function<String, ArchRule> rule, Set<String> expected) {
        assertThat(violations(rule.apply(BROKEN_ROOT).evaluate(BROKEN))).as(name)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest(name = "{0} passes on the clean fixture")
    @MethodSource("rules")
    void passesOnCleanFixture(String name, Function<String, ArchRule> rule, Set<String> expected) {
        assertThat(violations(rule.apply(CLEAN_ROOT).evaluate(CLEAN))).as(name).isEmpty();
    }

    @ParameterizedTest(name = "{0} fails on an empty package")
    @MethodSource("rules")
    void failsOnEmptyPackage(String name, Function<String, ArchRule> rule, Set<String> expected) {
        assertThatThrownBy(() -> rule.apply(FIXTURES + ".nothing").check(CLEAN))
                .isInstanceOf(AssertionError.class);
    }

    /** A fixture breaks one clause only, so each rule's list above is the whole of what it proves. */
    @Test
    void eachViolatingClassBreaksOneRule() {
        Map<String, List<String>> rulesByViolator = new HashMap<>();
        rules().forEach(arguments -> {
            Object[] rule = arguments.get();
            @SuppressWarnings("unchecked")
            Set<String> expected = (Set<String>) rule[2];
            expected.forEach(violation -> rulesByViolator
                    .computeIfAbsent(violation.split(" -> |#")[0], violator -> new java.util.ArrayList<>())
                    .add((String) rule[0]));
        });
        assertThat(rulesByViolator).allSatisfy((violator, rules) -> assertThat(rules).as(violator).hasSize(1));
        Set<String> violators = new TreeSet<>();
        BROKEN.stream().filter(type -> type.getSource().map(source -> source.getFileName()
                        .map("Violations.java"::equals).orElse(false)).orElse(false))
                .forEach(type -> violators.add(relative(type)));
        assertThat(rulesByViolator.keySet()).containsAll(violators);
    }

    private static Set<String> violations(EvaluationResult result) {
        Set<String> found = new TreeSet<>();
        result.handleViolations((Collection<Object> objects, String message) -> objects.forEach(
                object -> describeAll(object, message).forEach(found::add)));
        return found;
    }

    /** A cycle between packages is pinned by the class dependencies that close it. */
    private static Stream<String> describeAll(Object violating, String message) {
        if (violating instanceof Cycle<?> cycle) {
            return cycle.convertTo(Dependency.class).stream().map(dependency -> describe(dependency, message));
        }
        return Stream.of(describe(violating, message));
    }

    private static String describe(Object violating, String message) {
        if (violating instanceof Dependency dependency) {
            return relative(dependency.getOriginClass()) + " -> " + relative(dependency.getTargetClass());
        }
        if (violating instanceof JavaClass type) {
            return relative(type);
        }
        if (violating instanceof JavaMember member) {
            return relative(member.getOwner()) + "#" + member.getName();
        }
        if (violating instanceof JavaAccess<?> access) {
            return relative(access.getOriginOwner()) + " -> " + relative(access.getTargetOwner());
        }
        return violating.getClass().getSimpleName() + ": " + message;
    }

    private static String relative(JavaClass type) {
        String name = type.getName();
        for (String root : List.of(BROKEN_ROOT + ".", CLEAN_ROOT + ".")) {
            if (name.startsWith(root)) {
                return name.substring(root.length());
            }
        }
        return name;
    }
}
