package com.androperator.evidence.junit5;

import static com.androperator.evidence.junit5.Bundles.MANIFEST;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.model.Attachment;
import io.qameta.allure.model.TestResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * With allure-java-commons on the classpath, the files of a failing test's bundle become Allure
 * attachments of the test Allure is running, written to allure-results by Allure's own writer.
 * The test case is scheduled and started around the run as Allure's JUnit 5 listener does.
 */
class AllureAttachmentsTest extends LabTest {
    private AllureLifecycle previous;
    private AllureLifecycle lifecycle;
    private Path results;

    @BeforeEach
    void allureLifecycle() throws IOException {
        results = Files.createDirectory(temp.resolve("allure-results"));
        previous = Allure.getLifecycle();
        lifecycle = new AllureLifecycle(new FileSystemResultsWriter(results));
        Allure.setLifecycle(lifecycle);
    }

    @AfterEach
    void restoreLifecycle() {
        Allure.setLifecycle(previous);
    }

    @Test
    void aFailingTestsFilesAreAttachedToTheRunningAllureTestCase() throws IOException {
        FixtureRun run = allureTestCase("fails", Map.of());

        Path manifest = Path.of(run.evidence("fails").get(MANIFEST));
        TestResult result = onlyResult();
        assertThat(result.getAttachments()).extracting(Attachment::getName)
                .containsExactly("manifest.json", "hierarchy.xml", "screenshot.png");
        assertThat(result.getAttachments()).extracting(Attachment::getType)
                .containsExactly("application/json", "application/xml", "image/png");
        for (Attachment attachment : result.getAttachments()) {
            assertThat(results.resolve(attachment.getSource()))
                    .hasSameBinaryContentAs(manifest.resolveSibling(attachment.getName()));
        }
    }

    @Test
    void turnedOffNothingIsAttached() throws IOException {
        FixtureRun run = allureTestCase("fails", Map.of(CiAttachments.ALLURE_PARAMETER, "off"));

        assertThat(run.evidence("fails")).containsKey(MANIFEST);
        assertThat(onlyResult().getAttachments()).isEmpty();
    }

    private FixtureRun allureTestCase(String method, Map<String, String> parameters) {
        String uuid = UUID.randomUUID().toString();
        lifecycle.scheduleTestCase(new TestResult().setUuid(uuid).setName(method));
        lifecycle.startTestCase(uuid);
        FixtureRun run = fixture(Fixtures.Outcomes.class, method).parameters(parameters).run();
        lifecycle.stopTestCase(uuid);
        lifecycle.writeTestCase(uuid);
        return run;
    }

    /** The one test result Allure wrote, with its attachments as written (name, type, source file). */
    private TestResult onlyResult() throws IOException {
        try (Stream<Path> files = Files.list(results)) {
            List<Path> written = files.filter(file -> file.getFileName().toString().endsWith("-result.json")).toList();
            assertThat(written).hasSize(1);
            JsonNode result = ContractJson.mapper().readTree(Files.readAllBytes(written.get(0)));
            List<Attachment> attachments = new ArrayList<>();
            result.path("attachments").forEach(node -> attachments.add(new Attachment().setName(node.get("name").asString())
                    .setType(node.get("type").asString()).setSource(node.get("source").asString())));
            return new TestResult().setAttachments(attachments);
        }
    }
}
