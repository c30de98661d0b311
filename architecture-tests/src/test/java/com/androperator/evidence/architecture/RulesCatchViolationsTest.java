package com.androperator.evidence.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each rule fails on a fixture built to break it, passes on a clean fixture, and fails on an
 * empty package (so that a renamed package can never make a rule pass vacuously).
 */
class RulesCatchViolationsTest {
    private static final String FIXTURES = "com.androperator.evidence.archfixture";
    private static final JavaClasses BROKEN = new ClassFileImporter().importPackages(FIXTURES + ".broken");
    private static final JavaClasses CLEAN = new ClassFileImporter().importPackages(FIXTURES + ".clean");

    static Stream<Arguments> rules() {
        return Stream.of(
                rule("domainIsPure", LayerRules::domainIsPure),
                rule("contractsStandAlone", LayerRules::contractsStandAlone),
                rule("adaptersDoNotSeeEachOther", LayerRules::adaptersDoNotSeeEachOther),
                rule("fsAdapterIsolated", LayerRules::fsAdapterIsolated),
                rule("mediaAdapterIsolated", LayerRules::mediaAdapterIsolated),
                rule("coreDoesNotSeeEdges", LayerRules::coreDoesNotSeeEdges),
                rule("portsAreInterfaces", LayerRules::portsAreInterfaces),
                rule("edgesUseTheCompositionRoot", LayerRules::edgesUseTheCompositionRoot),
                rule("viewerOnlyReadsBundles", LayerRules::viewerOnlyReadsBundles),
                rule("kitJudgesIndependently", LayerRules::kitJudgesIndependently));
    }

    private static Arguments rule(String name, Function<String, ArchRule> rule) {
        return Arguments.of(name, rule);
    }

    @ParameterizedTest(name = "{0} fails on the broken fixture")
    @MethodSource("rules")
    void failsOnBrokenFixture(String name, Function<String, ArchRule> rule) {
        assertThatThrownBy(() -> rule.apply(FIXTURES + ".broken").check(BROKEN))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("archfixture.broken");
    }

    @ParameterizedTest(name = "{0} passes on the clean fixture")
    @MethodSource("rules")
    void passesOnCleanFixture(String name, Function<String, ArchRule> rule) {
        assertThatCode(() -> rule.apply(FIXTURES + ".clean").check(CLEAN)).doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0} fails on an empty package")
    @MethodSource("rules")
    void failsOnEmptyPackage(String name, Function<String, ArchRule> rule) {
        assertThatThrownBy(() -> rule.apply(FIXTURES + ".nothing").check(CLEAN))
                .isInstanceOf(AssertionError.class);
    }
}
