package com.androperator.evidence.junit5;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.androperator.evidence.simulator.lab.AdbLab;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.OutputDirectoryCreator;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * One run of fixture tests through the JUnit Platform test kit, the way a build tool runs them,
 * and what it reported: each test's result, report entries and file entries.
 */
final class FixtureRun {
    static final String ENGINE = "junit-jupiter";

    private final EngineExecutionResults results;

    private FixtureRun(EngineExecutionResults results) {
        this.results = results;
    }

    /** Configuration parameters that point the extension at the lab's phone and {@code root}, as a build would. */
    static Map<String, String> labParameters(AdbLab lab, Path root) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("androperator.adb.serverPort", Integer.toString(lab.adb().port()));
        parameters.put("androperator.evidence.device", lab.serial());
        parameters.put("androperator.evidence.operatorPackage", AdbLab.OPERATOR);
        parameters.put("androperator.evidence.root", root.toString());
        return parameters;
    }

    /** A loopback port nothing listens on (bound, then released). */
    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    static Builder of(Class<?> fixture) {
        return new Builder(selectClass(fixture));
    }

    static Builder of(Class<?> fixture, String method) {
        return new Builder(selectMethod(fixture, method));
    }

    static final class Builder {
        private final DiscoverySelector selector;
        private final Map<String, String> parameters = new LinkedHashMap<>();
        private Path outputRoot;

        private Builder(DiscoverySelector selector) {
            this.selector = selector;
        }

        Builder parameters(Map<String, String> more) {
            parameters.putAll(more);
            return this;
        }

        Builder parameter(String key, String value) {
            parameters.put(key, value);
            return this;
        }

        Builder without(String key) {
            parameters.remove(key);
            return this;
        }

        /** Offers the tests an output directory, as the console launcher and Maven's do. */
        Builder outputDirectory(Path root) {
            this.outputRoot = root;
            return this;
        }

        FixtureRun run() {
            EngineTestKit.Builder kit = EngineTestKit.engine(ENGINE).selectors(selector)
                    .configurationParameters(parameters);
            if (outputRoot != null) {
                kit.outputDirectoryCreator(new PerTestDirectories(outputRoot));
            }
            return new FixtureRun(kit.execute());
        }
    }

    EngineExecutionResults results() {
        return results;
    }

    /** The finished test whose method (or display name, for invocations) is {@code name}; exactly one. */
    TestExecutionResult result(String name) {
        List<TestExecutionResult> found = results.testEvents().finished().stream()
                .filter(event -> named(event.getTestDescriptor(), name))
                .map(event -> event.getRequiredPayload(TestExecutionResult.class))
                .collect(Collectors.toList());
        if (found.size() != 1) {
            throw new AssertionError("expected one finished test named " + name + ", got " + found.size() + ": "
                    + results.allEvents().list());
        }
        return found.get(0);
    }

    Throwable failure(String name) {
        TestExecutionResult result = result(name);
        return result.getThrowable().orElseThrow(() -> new AssertionError(name + " has no throwable: " + result));
    }

    /** Every report entry published on tests, in order. */
    List<Map<String, String>> entries() {
        return results.allEvents().reportingEntryPublished().stream()
                .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
                .collect(Collectors.toList());
    }

    /** The report entries published on the test named {@code name}. */
    List<Map<String, String>> entries(String name) {
        return results.allEvents().reportingEntryPublished().stream()
                .filter(event -> named(event.getTestDescriptor(), name))
                .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
                .collect(Collectors.toList());
    }

    /** The single evidence entry of the test named {@code name}. */
    Map<String, String> evidence(String name) {
        List<Map<String, String>> found = entries(name);
        if (found.size() != 1) {
            throw new AssertionError("expected one report entry on " + name + ", got " + found);
        }
        return found.get(0);
    }

    List<FileEntry> files() {
        return results.allEvents().fileEntryPublished().stream()
                .map(event -> event.getRequiredPayload(FileEntry.class))
                .collect(Collectors.toList());
    }

    Optional<Event> fileEvent(String name) {
        return results.allEvents().fileEntryPublished().stream()
                .filter(event -> named(event.getTestDescriptor(), name)).findFirst();
    }

    private static boolean named(TestDescriptor descriptor, String name) {
        if (descriptor.getDisplayName().equals(name)) {
            return true;
        }
        return descriptor.isTest() && descriptor.getSource().filter(MethodSource.class::isInstance)
                .map(source -> ((MethodSource) source).getMethodName().equals(name)).orElse(false)
                && !descriptor.getUniqueId().toString().contains("invocation");
    }

    /** One directory per test under a root, as the launcher's own hierarchical creator makes them. */
    private static final class PerTestDirectories implements OutputDirectoryCreator {
        private final Path root;

        PerTestDirectories(Path root) {
            this.root = root;
        }

        @Override
        public Path getRootDirectory() {
            return root;
        }

        @Override
        public Path createOutputDirectory(TestDescriptor descriptor) throws IOException {
            String name = descriptor.getUniqueId().toString().replaceAll("[^A-Za-z0-9._-]", "_");
            return Files.createDirectories(root.resolve(name));
        }
    }
}
