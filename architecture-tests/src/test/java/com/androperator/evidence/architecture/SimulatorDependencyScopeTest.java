package com.androperator.evidence.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The simulated phone is test support: a module may depend on {@code device-simulator} only in test
 * scope, except the conformance kit, which runs its scenarios on it and ships it. ArchUnit's
 * {@code simulatorIsTestSupport} sees classes; this sees the build, where an unused compile-scope
 * line would still put the simulator into a tool's jar.
 */
class SimulatorDependencyScopeTest {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();

    @Test
    void onlyTheKitDependsOnTheSimulatorOutsideTests() throws Exception {
        Map<String, String> scopes = simulatorScopesByModule();
        assertThat(scopes).as("modules that name device-simulator").containsKeys("conformance-kit", "adapters-adb", "api");
        scopes.remove("conformance-kit");
        assertThat(scopes).allSatisfy((module, scope) -> assertThat(scope).as(module).isEqualTo("test"));
    }

    private static Map<String, String> simulatorScopesByModule() throws Exception {
        Map<String, String> scopes = new TreeMap<>();
        try (Stream<Path> modules = Files.list(REPOSITORY)) {
            for (Path pom : modules.map(module -> module.resolve("pom.xml")).filter(Files::isRegularFile).toList()) {
                NodeList dependencies = parse(pom).getElementsByTagName("dependency");
                for (int i = 0; i < dependencies.getLength(); i++) {
                    Element dependency = (Element) dependencies.item(i);
                    if ("device-simulator".equals(text(dependency, "artifactId"))
                            && !dependency.getParentNode().getParentNode().getNodeName().equals("dependencyManagement")) {
                        String scope = text(dependency, "scope");
                        scopes.put(pom.getParent().getFileName().toString(), scope.isEmpty() ? "compile" : scope);
                    }
                }
            }
        }
        return scopes;
    }

    private static org.w3c.dom.Document parse(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try {
            return factory.newDocumentBuilder().parse(pom.toFile());
        } catch (IOException e) {
            throw new IOException("cannot read " + pom, e);
        }
    }

    private static String text(Element dependency, String child) {
        NodeList nodes = dependency.getElementsByTagName(child);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }
}
