package com.androperator.evidence.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Reading what a capture left: the bundle behind a report entry, checked by the conformance verifier. */
final class Bundles {
    static final String MANIFEST = "androperator.evidence.manifest";
    static final String STATUS = "androperator.evidence.status";
    static final String EVIDENCE_ID = "androperator.evidence.evidenceId";
    static final String CODE = "androperator.evidence.code";
    static final String MESSAGE = "androperator.evidence.message";
    static final String CAPTURE_MS = "androperator.evidence.captureMs";

    private Bundles() {
    }

    /** The manifest the entry names, after the bundle passed the conformance verifier. */
    static Manifest conformingManifest(Map<String, String> entry) {
        Path manifest = Path.of(entry.get(MANIFEST));
        Conformance.assertConforms(manifest.getParent());
        try {
            Manifest read = ContractJson.read(Files.readAllBytes(manifest), Manifest.class);
            assertThat(read.evidenceId()).isEqualTo(entry.get(EVIDENCE_ID));
            assertThat(read.status().wire()).isEqualTo(entry.get(STATUS));
            return read;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bundle directories under an evidence root ({@code <root>/bundles/*}); none when it was never created. */
    static List<Path> under(Path root) {
        Path bundles = root.resolve("bundles");
        if (!Files.isDirectory(bundles)) {
            return List.of();
        }
        try (Stream<Path> listed = Files.list(bundles)) {
            return listed.filter(path -> !path.getFileName().toString().startsWith(".")).sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
