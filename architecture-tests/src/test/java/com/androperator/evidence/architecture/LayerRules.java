package com.androperator.evidence.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaWildcardType;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The hexagon's rules, written against a root package so that the same rules run on the
 * product ({@code com.androperator.evidence}) and on fixtures built to break them
 * ({@code RulesCatchViolationsTest} pins the exact violations of every clause).
 */
final class LayerRules {
    private static final List<String> ADAPTERS = List.of("adb", "fs", "media");

    private LayerRules() {
    }

    /** The domain sees only java.* , the contracts, itself and JSpecify's nullness annotations. */
    static ArchRule domainIsPure(String root) {
        return classes().that().resideInAPackage(root + ".domain..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", root + ".domain..", root + ".contracts..", "org.jspecify..")
                .because("the domain depends on java.* and contracts only (and states nullness with JSpecify)");
    }

    /** The contracts are data and their JSON shape: no domain, adapters or edges. */
    static ArchRule contractsStandAlone(String root) {
        return classes().that().resideInAPackage(root + ".contracts..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", root + ".contracts..", "tools.jackson..",
                        "com.fasterxml.jackson.annotation..", "org.jspecify..")
                .because("contracts are shared by the writer and every reader");
    }

    static ArchRule adbAdapterIsolated(String root) {
        return adapterIsolated(root, "adb");
    }

    static ArchRule fsAdapterIsolated(String root) {
        return adapterIsolated(root, "fs");
    }

    static ArchRule mediaAdapterIsolated(String root) {
        return adapterIsolated(root, "media");
    }

    /** An adapter never calls another adapter (first clause) nor an edge (second clause). */
    private static ArchRule adapterIsolated(String root, String adapter) {
        String[] others = ADAPTERS.stream().filter(other -> !other.equals(adapter))
                .map(other -> root + ".adapters." + other + "..").toArray(String[]::new);
        return noClasses().that().resideInAPackage(root + ".adapters." + adapter + "..")
                .should().dependOnClassesThat().resideInAnyPackage(others)
                .orShould().dependOnClassesThat().resideInAnyPackage(edges(root))
                .because("adapters implement ports and never call each other or the edges");
    }

    private static String[] edges(String root) {
        return new String[] {root + ".api..", root + ".cli..", root + ".mcp..", root + ".junit5.."};
    }

    /**
     * Ports (still and video) are small interfaces in a port package of the domain ({@code domain.port},
     * {@code domain.port.video}...). Their outcomes may be nested in them; the values they share with
     * the use cases (records, enums, sealed results) live in value packages, so that a port package
     * holds nothing a value package would need (see {@link #domainPackagesAreFreeOfCycles}).
     */
    static ArchRule portsAreInterfaces(String root) {
        return classes().that().resideInAPackage(root + ".domain..port..")
                .and().areTopLevelClasses()
                .should().beInterfaces()
                .because("a port is a capability the domain needs, named for it; values live outside port packages");
    }

    /**
     * The domain's packages form a DAG (values, then ports, then policies, then use cases): each
     * package can be understood, tested and moved with only what it depends on.
     */
    static ArchRule domainPackagesAreFreeOfCycles(String root) {
        return slices().matching(root + ".domain.(**)").namingSlices("domain.$1")
                .should().beFreeOfCycles()
                .because("a cycle between packages makes them one package in all but name");
    }

    /**
     * The domain speaks in records and enums: no {@code Map<String, Object>} (or {@code Map<String, ?>}),
     * however nested, in a domain record's component nor in a port's method signature. Maps and words
     * are made at the edges (contracts' serialization, the presenters). {@code allowed} names the members
     * that still carry one ({@code domain.model.Failure#details}), each to be typed and then removed.
     */
    static ArchRule domainSpeaksInTypes(String root, Set<String> allowed) {
        return classes().that().resideInAPackage(root + ".domain..")
                .should(new ArchCondition<JavaClass>("keep no string-keyed map in a record component or port signature") {
                    @Override
                    public void check(JavaClass type, ConditionEvents events) {
                        Stream.concat(recordComponents(type), portMethods(type, root))
                                .filter(member -> !allowed.contains(memberName(member, root)))
                                .forEach(member -> events.add(SimpleConditionEvent.violated(member,
                                        member.getFullName() + " carries a Map<String, Object|?>")));
                    }
                })
                .because("the domain speaks in records and enums; maps and words are made at the edges");
    }

    /**
     * The domain builds {@code Details} and carries a {@code CallerContext}, but never turns either
     * into a map or makes one from a map: {@code Details.asMap()}, {@code Details.fromJson(..)},
     * {@code CallerContext.asMap()} and {@code CallerContext.copyOf(..)} are for contracts'
     * serialization, the edges and tests. Calls and method references count.
     */
    static ArchRule domainMakesNoMapsOfItsValues(String root) {
        Map<String, Set<String>> edgeOnly = Map.of(root + ".contracts.Details", Set.of("asMap", "fromJson"),
                root + ".contracts.CallerContext", Set.of("asMap", "copyOf"));
        return classes().that().resideInAPackage(root + ".domain..")
                .should(new ArchCondition<JavaClass>("call no map conversion of Details or CallerContext") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        Stream.<JavaAccess<?>>concat(origin.getMethodCallsFromSelf().stream(),
                                        origin.getMethodReferencesFromSelf().stream())
                                .filter(access -> edgeOnly.getOrDefault(access.getTargetOwner().getName(), Set.of())
                                        .contains(access.getName()))
                                .forEach(access -> events.add(SimpleConditionEvent.violated(access,
                                        access.getDescription())));
                    }
                })
                .because("maps are made at the edges: the domain passes its typed values on, never reads them back by key");
    }

    /** {@code domain.model.Failure#details}: the member's class relative to {@code root}, then its name. */
    static String memberName(JavaMember member, String root) {
        return member.getOwner().getName().substring(root.length() + 1) + "#" + member.getName();
    }

    private static Stream<JavaMember> recordComponents(JavaClass type) {
        if (!type.getRawSuperclass().map(superclass -> superclass.isEquivalentTo(Record.class)).orElse(false)) {
            return Stream.empty();
        }
        return type.getFields().stream().filter(field -> !field.getModifiers().contains(JavaModifier.STATIC))
                .filter(field -> carriesStringKeyedMap(field.getType())).map(field -> (JavaMember) field);
    }

    private static Stream<JavaMember> portMethods(JavaClass type, String root) {
        boolean portPackage = type.getPackageName().matches(Pattern.quote(root + ".domain.") + "(.*\\.)?port(\\..*)?");
        if (!type.isInterface() || !portPackage) {
            return Stream.empty();
        }
        return type.getMethods().stream().filter(method -> carriesStringKeyedMap(method.getReturnType())
                        || method.getParameterTypes().stream().anyMatch(LayerRules::carriesStringKeyedMap))
                .map(method -> (JavaMember) method);
    }

    /** A {@code Map<String, Object>} or {@code Map<String, ?>}, itself or as a type argument at any depth. */
    private static boolean carriesStringKeyedMap(JavaType type) {
        if (type instanceof JavaWildcardType wildcard) {
            return wildcard.getUpperBounds().stream().anyMatch(LayerRules::carriesStringKeyedMap);
        }
        if (!(type instanceof JavaParameterizedType parameterized)) {
            return false;
        }
        List<JavaType> arguments = parameterized.getActualTypeArguments();
        boolean stringKeyedMap = parameterized.toErasure().isAssignableTo(Map.class) && arguments.size() == 2
                && arguments.get(0).toErasure().isEquivalentTo(String.class) && anyValue(arguments.get(1));
        return stringKeyedMap || arguments.stream().anyMatch(LayerRules::carriesStringKeyedMap);
    }

    private static boolean anyValue(JavaType value) {
        if (value instanceof JavaWildcardType wildcard) {
            return wildcard.getUpperBounds().stream().allMatch(bound -> bound.toErasure().isEquivalentTo(Object.class));
        }
        return value.toErasure().isEquivalentTo(Object.class);
    }

    /** The domain owns its ports: no port package outside it. */
    static ArchRule portsBelongToTheDomain(String root) {
        return noClasses().that().resideInAPackage(root + "..").and().resideOutsideOfPackage(root + ".domain..")
                .should().resideInAPackage(root + "..port..")
                .because("a port is declared by the domain that needs it, never by its adapter");
    }

    /**
     * Adapters and the composition root implement the domain's interfaces only where they are
     * ports: an adapter implementing any other domain type means a port lives outside a port package.
     */
    static ArchRule adaptersImplementOnlyPorts(String root) {
        return noClasses().that().resideInAnyPackage(root + ".adapters..", root + ".api..")
                .should().implement(domainInterfaceOutsidePorts(root))
                .because("every capability the domain asks of an adapter is a port in a port package");
    }

    private static DescribedPredicate<JavaClass> domainInterfaceOutsidePorts(String root) {
        return JavaClass.Predicates.resideInAPackage(root + ".domain..")
                .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage(root + ".domain..port..")))
                .as("a domain interface outside a port package");
    }

    /**
     * The viewer reads bundles: java.*, XML streaming, image I/O (the run page's thumbnails), Jackson's
     * token stream, the contracts, and of conformance only its public entry point (BundleVerifier,
     * VerificationReport, Problem, and BundleFileOpen, the one deadline-guarded way to open a bundle
     * file), so that the verifier's internals can change under it.
     */
    static ArchRule viewerOnlyReadsBundles(String root) {
        String conformance = root + ".conformance.";
        return classes().that().resideInAPackage(root + ".viewer..")
                .should().onlyDependOnClassesThat(JavaClass.Predicates.resideInAnyPackage("java..", "javax.xml..",
                                "javax.imageio..", root + ".viewer..", root + ".contracts..", "tools.jackson.core..")
                        .or(HasName.Predicates.name(conformance + "BundleVerifier"))
                        .or(HasName.Predicates.name(conformance + "VerificationReport"))
                        .or(HasName.Predicates.name(conformance + "Problem"))
                        .or(HasName.Predicates.name(conformance + "BundleFileOpen")))
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

    /**
     * The verifier judges a bundle by the contract (schemas, records, its own PNG/XML/UTF-8 checks),
     * never with the code that wrote it: no domain, adapters, api, edges or simulator.
     */
    static ArchRule conformanceJudgesByTheContract(String root) {
        return classes().that().resideInAPackage(root + ".conformance..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "javax.xml..", "javax.imageio..",
                        "org.xml.sax..", root + ".conformance..", root + ".contracts..", "tools.jackson..",
                        "com.fasterxml.jackson.annotation..", "com.networknt.schema..")
                .because("a verifier that shared the writer's code would accept the writer's mistakes");
    }

    /**
     * The simulated phone knows nothing of the tool that drives it: it speaks adbd's protocol only. Its
     * lab package may also name JUnit's extension API, for the tests' {@code AdbLabExtension}.
     */
    static ArchRule simulatorStandsAlone(String root) {
        ArchRule phone = classes().that().resideInAPackage(root + ".simulator..")
                .and().resideOutsideOfPackage(root + ".simulator.lab..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "javax..", root + ".simulator..",
                        "tools.jackson..");
        ArchRule lab = classes().that().resideInAPackage(root + ".simulator.lab..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", root + ".simulator..",
                        "org.junit.jupiter.api.extension..");
        return CompositeArchRule.of(phone).and(lab)
                .because("a phone built from the tool's own classes could not catch the tool's mistakes");
    }

    /** The simulator is test support: only the conformance kit (which runs scenarios on it) ships it. */
    static ArchRule simulatorIsTestSupport(String root) {
        return noClasses().that().resideInAPackage(root + "..")
                .and().resideOutsideOfPackages(root + ".simulator..", root + ".kit..")
                .should().dependOnClassesThat().resideInAPackage(root + ".simulator..")
                .because("the tool talks to real phones through adb; the simulated phone exists for tests and the kit");
    }

    /**
     * The capture daemon lives in its own module ({@code daemon}): the CLI edge keeps only the seam
     * that hands it the command (and the signal seam), so no cli class is named for the daemon
     * ({@code Daemon*}, {@code *Daemon}) or listens on a socket.
     */
    static ArchRule cliHoldsNoDaemon(String root) {
        return noClasses().that().resideInAPackage(root + ".cli..")
                .should().haveSimpleNameStartingWith("Daemon")
                .orShould().haveSimpleNameEndingWith("Daemon")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.ServerSocket")
                .because("the daemon is the capture-daemon module's; the CLI only hands it Main.run");
    }

    /**
     * The daemon knows nothing of the edges it serves: java.*, {@code sun.misc.Signal} and itself, so
     * neither picocli, the CLI nor the MCP edge can leak into it (the CLI depends on it, not back).
     */
    static ArchRule daemonStandsAlone(String root) {
        return classes().that().resideInAPackage(root + ".daemon..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "sun.misc..", root + ".daemon..")
                .because("the daemon runs whatever command its CaptureRunner is, with no module cycle");
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
    /**
     * Every edge (api, cli, mcp, junit5) builds a still capture's command through
     * {@code CaptureCommand.of(RequestValues, CallerTerms)}, the one builder over the request-field
     * table's values, never by a constructor: a field added to the table then reaches the use case
     * from every edge without an edit there.
     */
    static ArchRule edgesBuildTheCaptureCommandFromRequestValues(String root) {
        String command = root + ".domain.capture.CaptureCommand";
        return noClasses().that().resideInAnyPackage(root + ".api..", root + ".cli..", root + ".mcp..", root + ".junit5..")
                .should().callConstructorWhere(DescribedPredicate.describe("a constructor of " + command,
                        call -> call.getTargetOwner().getName().equals(command)))
                .because("adding a request field must not touch every edge: each hands RequestValues to CaptureCommand.of");
    }

    static ArchRule adaptersAreConstructedOnlyInTheRoot(String root) {
        String compositionRoot = root + ".api.CompositionRoot";
        String adapters = root + ".adapters";
        return classes().that().resideInAPackage(root + "..").and().doNotHaveFullyQualifiedName(compositionRoot)
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
        // An edge's own implementation of a port that speaks to its caller (its CallerTerms) is the
        // edge's vocabulary, not an adapter; edges never name adapters (edgesUseTheCompositionRoot).
        boolean edge = Stream.of(root + ".cli", root + ".mcp", root + ".junit5")
                .anyMatch(edgePackage -> target.getPackageName().startsWith(edgePackage));
        return !target.getPackageName().startsWith(root + ".domain") && !edge
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
