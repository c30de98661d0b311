package com.androperator.evidence.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The hexagon's rules, written against a root package so that the same rules run on the
 * product ({@code com.androperator.evidence}) and on fixtures built to break them.
 */
final class LayerRules {
    private LayerRules() {
    }

    /** The domain sees only java.* , the contracts and itself. */
    static ArchRule domainIsPure(String root) {
        return classes().that().resideInAPackage(root + ".domain..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", root + ".domain..", root + ".contracts..")
                .because("the domain depends on java.* and contracts only");
    }

    /** The contracts are data and their JSON shape: no domain, adapters or edges. */
    static ArchRule contractsStandAlone(String root) {
        return classes().that().resideInAPackage(root + ".contracts..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", root + ".contracts..", "tools.jackson..",
                        "com.fasterxml.jackson.annotation..")
                .because("contracts are shared by the writer and every reader");
    }

    /** An adapter never calls another adapter. */
    static ArchRule adaptersDoNotSeeEachOther(String root) {
        String adapters = root + ".adapters.";
        return noClasses().that().resideInAPackage(adapters + "adb..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters + "fs..", adapters + "media..")
                .orShould().dependOnClassesThat().resideInAnyPackage(root + ".api..", root + ".cli..", root + ".mcp..")
                .because("adapters implement ports and never call each other or the edges");
    }

    static ArchRule fsAdapterIsolated(String root) {
        String adapters = root + ".adapters.";
        return noClasses().that().resideInAPackage(adapters + "fs..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters + "adb..", adapters + "media..")
                .orShould().dependOnClassesThat().resideInAnyPackage(root + ".api..", root + ".cli..", root + ".mcp..")
                .because("adapters implement ports and never call each other or the edges");
    }

    static ArchRule mediaAdapterIsolated(String root) {
        String adapters = root + ".adapters.";
        return noClasses().that().resideInAPackage(adapters + "media..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters + "adb..", adapters + "fs..")
                .orShould().dependOnClassesThat().resideInAnyPackage(root + ".api..", root + ".cli..", root + ".mcp..")
                .because("adapters implement ports and never call each other or the edges");
    }

    /** The domain and adapters never reach up into the edges. */
    static ArchRule coreDoesNotSeeEdges(String root) {
        return noClasses().that().resideInAnyPackage(root + ".domain..", root + ".contracts..")
                .should().dependOnClassesThat().resideInAnyPackage(root + ".api..", root + ".cli..", root + ".mcp..",
                        root + ".adapters..")
                .because("dependencies point inwards");
    }

    /** Ports are small interfaces (with their value types nested inside), owned by the domain. */
    static ArchRule portsAreInterfaces(String root) {
        return classes().that().resideInAPackage(root + ".domain.port")
                .and().areTopLevelClasses()
                .and().areNotRecords()
                .should().beInterfaces()
                .because("a port is a capability the domain needs, named for it");
    }

    /**
     * The viewer reads bundles: java.*, XML streaming, Jackson's token stream, the contracts, and of
     * conformance only its public entry point (BundleVerifier, VerificationReport, Problem), so that
     * the verifier's internals can change under it.
     */
    static ArchRule viewerOnlyReadsBundles(String root) {
        String conformance = root + ".conformance.";
        return classes().that().resideInAPackage(root + ".viewer..")
                .should().onlyDependOnClassesThat(JavaClass.Predicates.resideInAnyPackage("java..", "javax.xml..",
                                root + ".viewer..", root + ".contracts..", "tools.jackson.core..")
                        .or(HasName.Predicates.name(conformance + "BundleVerifier"))
                        .or(HasName.Predicates.name(conformance + "VerificationReport"))
                        .or(HasName.Predicates.name(conformance + "Problem")))
                .because("the viewer shows what a bundle holds; the verifier, through its public API, judges it");
    }

    /**
     * The conformance kit judges an implementation with the published schemas and conformance's own
     * PNG/XML/UTF-8 oracle (its public entry points and {@code conformance.content}), on the device
     * simulator, never with the writer's classes: no domain, adapters, api, edges or contract records.
     * A false accept in the writer's verifiers then cannot hide in the kit.
     */
    static ArchRule kitJudgesIndependently(String root) {
        String conformance = root + ".conformance.";
        return classes().that().resideInAPackage(root + ".kit..")
                .should().onlyDependOnClassesThat(JavaClass.Predicates.resideInAnyPackage("java..", "javax.xml..",
                                root + ".kit..", root + ".simulator..", conformance + "content..", "tools.jackson..")
                        .or(HasName.Predicates.name(conformance + "BundleVerifier"))
                        .or(HasName.Predicates.name(conformance + "VerificationReport"))
                        .or(HasName.Predicates.name(conformance + "Problem"))
                        .or(HasName.Predicates.nameMatching(Pattern.quote(conformance + "ContractSchemas")
                                + "(\\$.*)?")))
                .because("the kit judges with the published schemas and an oracle of its own, never the writer's classes");
    }

    /** The CLI, MCP and JUnit 5 edges reach adapters only through the one composition root in api. */
    static ArchRule edgesUseTheCompositionRoot(String root) {
        return noClasses().that().resideInAnyPackage(root + ".cli..", root + ".mcp..", root + ".junit5..")
                .should().dependOnClassesThat().resideInAnyPackage(root + ".adapters..")
                .because("each edge is thin; wiring happens in one hand-written composition root");
    }

    /**
     * Adapters are constructed only in the one composition root ({@code api.CompositionRoot}): an
     * adapter is a class of {@code adapters..} or, outside the domain, a class implementing a domain
     * port (the api's own, such as the detached worker launcher). Constructor calls and references
     * ({@code FileVideoBundle::new}) count; an adapter module builds its own parts, and an adapter's
     * static factory builds itself.
     */
    static ArchRule adaptersAreConstructedOnlyInTheRoot(String root) {
        String compositionRoot = root + ".api.CompositionRoot";
        String adapters = root + ".adapters";
        return classes().that().doNotHaveFullyQualifiedName(compositionRoot)
                .should(new ArchCondition<JavaClass>("construct no adapter") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        Stream.<JavaAccess<?>>concat(origin.getConstructorCallsFromSelf().stream(),
                                        origin.getConstructorReferencesFromSelf().stream())
                                .filter(access -> isAdapter(access.getTargetOwner(), root)
                                        && !buildsItsOwn(origin, access.getTargetOwner(), adapters))
                                .forEach(access -> events.add(SimpleConditionEvent.violated(access,
                                        access.getDescription())));
                    }
                })
                .because("every adapter is chosen and wired in one hand-written composition root");
    }

    private static boolean isAdapter(JavaClass target, String root) {
        if (target.getPackageName().startsWith(root + ".adapters.")) {
            return true;
        }
        return !target.getPackageName().startsWith(root + ".domain")
                && target.getAllRawInterfaces().stream()
                .anyMatch(type -> type.getPackageName().startsWith(root + ".domain.port"));
    }

    private static boolean buildsItsOwn(JavaClass origin, JavaClass target, String adapters) {
        boolean bothInAdapters = origin.getPackageName().startsWith(adapters + ".")
                && target.getPackageName().startsWith(adapters + ".");
        return bothInAdapters || topLevel(origin).equals(topLevel(target));
    }

    private static String topLevel(JavaClass type) {
        String name = type.getName();
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
