package com.androperator.evidence.conformance;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Verifies a bundle directory against the evidence-bundle contract: the manifest and captures.json
 * against their JSON Schemas, and every invariant a schema cannot express: files present with
 * their listed size and hash, nothing unlisted, .partial. names exactly on partial artifacts,
 * status consistent with artifacts and errors, complete content proven from the bytes (PNG to its
 * last row, hierarchy XML, strict UTF-8 text) by checks of its own, hierarchy equal to the
 * Operator envelope's text, correlation ids, times in order and private file modes.
 *
 * <p>Each group of rules is its own {@link BundleRule}; they share one {@link Verification}. Every
 * file is streamed with fixed buffers (the JSON documents' trees excepted), nothing is read
 * through a symbolic link, and nothing outside the bundle is opened. Stateless and thread-safe:
 * it reads the bundle and never modifies it.
 */
public final class BundleVerifier {
    /** In the order they run: later rules use what earlier ones established. */
    private static final List<BundleRule> RULES = List.of(
            new ManifestRules(),
            new InventoryRules(),
            new ArtifactRules(),
            new FileContentRules(),
            new VideoRules(),
            new CapturesRules());

    private final boolean requireImageGeometry;

    /** Accepts every bundle the contract allows, including older ones without screenshot geometry. */
    public BundleVerifier() {
        this(false);
    }

    private BundleVerifier(boolean requireImageGeometry) {
        this.requireImageGeometry = requireImageGeometry;
    }

    /**
     * Also requires what the current writer always records: {@code image} geometry on every complete
     * screenshot. Tests of bundle-producing code use this.
     */
    public static BundleVerifier strict() {
        return new BundleVerifier(true);
    }

    public VerificationReport verify(Path bundleDir) {
        Objects.requireNonNull(bundleDir, "bundleDir");
        Path dir = bundleDir.toAbsolutePath().normalize();
        Findings findings = new Findings();
        BundleFiles files = new BundleFiles(dir);
        BundleFiles.Entry root = files.rootEntry();
        if (!(root instanceof BundleFiles.Entry.Directory)) {
            findings.add("MISSING_FILE", ".", "the bundle directory " + dir + " does not exist or is not a directory"
                    + (root instanceof BundleFiles.Entry.SymbolicLink ? " (it is a symbolic link)" : ""));
            return findings.report();
        }
        Verification verification = new Verification(files, findings, requireImageGeometry);
        for (BundleRule rule : RULES) {
            rule.check(verification);
        }
        return findings.report();
    }
}
