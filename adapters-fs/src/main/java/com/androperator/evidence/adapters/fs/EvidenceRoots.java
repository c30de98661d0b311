package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The managed evidence root ("Evidence storage configuration"): {@code ANDROPERATOR_EVIDENCE_DIR}
 * when set, else {@code ~/.androperator/evidence}; managed bundles live in
 * {@code <root>/bundles/<session_id>}. Outcomes are values, never exceptions.
 */
public final class EvidenceRoots {
    public static final String VARIABLE = "ANDROPERATOR_EVIDENCE_DIR";
    static final String BUNDLES = "bundles";
    /** The caller's home variable; {@code ~} in the documented default is what a shell expands it to. */
    private static final String HOME = "HOME";
    private static final String PROBE_PREFIX = ".androperator-write-probe-";

    private EvidenceRoots() {
    }

    /** Where the evidence root is, without touching the file system. */
    public sealed interface Resolution {
        record Resolved(Path evidenceRoot) implements Resolution {
            public Resolved {
                if (evidenceRoot == null || !evidenceRoot.isAbsolute()) {
                    throw new IllegalArgumentException("a resolved evidence root is absolute");
                }
            }

            public Path bundlesRoot() {
                return evidenceRoot.resolve(BUNDLES);
            }
        }

        /** EXECUTION_VALIDATION_FAILED: the variable is empty, whitespace-only or not a path. */
        record Invalid(Failure failure) implements Resolution {
        }
    }

    /** The bundles directory, created and proven writable, or why it cannot be used. */
    public sealed interface Preparation {
        record Ready(Path evidenceRoot, Path bundlesRoot) implements Preparation {
        }

        /**
         * EXECUTION_VALIDATION_FAILED (bad variable) or EVIDENCE_STORAGE_UNWRITABLE with details
         * {path, causeCode, message, recovery}.
         */
        record Refused(Failure failure) implements Preparation {
        }
    }

    /**
     * Resolves the root from the caller's environment. An omitted variable keeps the default;
     * empty or whitespace-only values are refused; a relative value is resolved against
     * {@code workingDirectory} here, once, at request entry.
     */
    public static Resolution resolve(Map<String, String> environment, Path home, Path workingDirectory) {
        Objects.requireNonNull(environment, "environment");
        String configured = environment.get(VARIABLE);
        if (configured == null) {
            Objects.requireNonNull(home, "home");
            return new Resolution.Resolved(home.toAbsolutePath().resolve(".androperator").resolve("evidence").normalize());
        }
        if (configured.isBlank()) {
            return new Resolution.Invalid(invalidVariable(configured,
                    VARIABLE + " is set but empty; unset it to use ~/.androperator/evidence or set a writable directory"));
        }
        Path root;
        try {
            root = Path.of(configured);
        } catch (InvalidPathException e) {
            return new Resolution.Invalid(invalidVariable(configured,
                    VARIABLE + " is not a valid path (" + e.getReason() + "): " + configured));
        }
        if (!root.isAbsolute()) {
            Objects.requireNonNull(workingDirectory, "workingDirectory");
            root = workingDirectory.toAbsolutePath().resolve(root);
        }
        return new Resolution.Resolved(root.normalize());
    }

    /**
     * {@link #resolve} for a caller whose home is its HOME variable as a shell expands {@code ~}
     * (relative against {@code workingDirectory}) or, when HOME is unset or blank, {@code accountHome}
     * (the OS account's home).
     */
    public static Resolution resolveForCaller(Map<String, String> environment, Path accountHome, Path workingDirectory) {
        String home = environment.get(HOME);
        Path effectiveHome = home == null || home.isBlank() ? accountHome
                : workingDirectory.toAbsolutePath().resolve(home);
        return resolve(environment, effectiveHome, workingDirectory);
    }

    /** Resolves the root, creates {@code bundles/} (0700) on demand and proves it writable. */
    public static Preparation prepare(Map<String, String> environment, Path home, Path workingDirectory) {
        Resolution resolution = resolve(environment, home, workingDirectory);
        if (resolution instanceof Resolution.Invalid invalid) {
            return new Preparation.Refused(invalid.failure());
        }
        return prepareBundlesRoot(((Resolution.Resolved) resolution).evidenceRoot());
    }

    /**
     * Creates each missing directory from the root down to {@code bundles/} with mode 0700 and
     * proves the result writable with a real attempt (a probe file created and removed), because
     * permission bits say nothing when running as root. Existing directories keep their modes.
     */
    public static Preparation prepareBundlesRoot(Path evidenceRoot) {
        Objects.requireNonNull(evidenceRoot, "evidenceRoot");
        Path bundles = evidenceRoot.resolve(BUNDLES);
        try {
            createMissingDirectories(bundles);
        } catch (PathIsNotDirectory e) {
            return new Preparation.Refused(unwritable(e.path, CauseCodes.ENOTDIR,
                    e.path + " exists but is not a directory"));
        } catch (IOException e) {
            return new Preparation.Refused(unwritable(pathOf(e, bundles), IoCauses.causeCode(e), IoCauses.describe(e)));
        }
        try {
            Path probe = Files.createTempFile(bundles, PROBE_PREFIX, ".tmp",
                    PrivateFiles.creationAttributes(bundles, PrivateFiles.FILE_MODE));
            Files.delete(probe);
        } catch (IOException e) {
            return new Preparation.Refused(unwritable(bundles, IoCauses.causeCode(e), IoCauses.describe(e)));
        }
        return new Preparation.Ready(evidenceRoot, bundles);
    }

    private static void createMissingDirectories(Path target) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path at = target; at != null; at = at.getParent()) {
            BasicFileAttributes attributes = attributesOrNull(at);
            if (attributes != null) {
                if (!attributes.isDirectory()) {
                    throw new PathIsNotDirectory(at);
                }
                break;
            }
            missing.push(at);
        }
        while (!missing.isEmpty()) {
            Path next = missing.pop();
            try {
                PrivateFiles.createDirectory(next);
            } catch (FileAlreadyExistsException raced) {
                // Another process created it meanwhile; fine if it is a directory.
                if (!Files.isDirectory(next)) {
                    throw new PathIsNotDirectory(next);
                }
            }
        }
    }

    /** Attributes following links (a symlinked root is fine), or null when nothing is there. */
    private static BasicFileAttributes attributesOrNull(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (Files.isSymbolicLink(path)) {
                // A dangling symlink: mkdir would fail, and it is not ours to replace.
                throw new PathIsNotDirectory(path);
            }
            // Missing, or created meanwhile by a concurrent capture: creating it then finds it there.
            return null;
        } catch (FileSystemException e) {
            if (CauseCodes.ENOTDIR.equals(IoCauses.causeCode(e))) {
                // An ancestor is a file; walking up finds it and names it.
                return null;
            }
            throw e;
        }
    }

    private static Path pathOf(IOException failure, Path fallback) {
        if (failure instanceof FileSystemException fileSystem && fileSystem.getFile() != null) {
            return Path.of(fileSystem.getFile());
        }
        return fallback;
    }

    private static Failure invalidVariable(String value, String message) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("variable", VARIABLE);
        details.put("value", value);
        return new Failure(ErrorCodes.EXECUTION_VALIDATION_FAILED, message, Details.fromJson(details));
    }

    private static Failure unwritable(Path path, String causeCode, String cause) {
        return StorageFailures.unwritableWorded("The evidence storage at " + path + " is not writable: " + cause, path,
                causeCode, cause, "Set " + VARIABLE + " to a writable absolute directory, or make " + path
                        + " a writable directory. No permissions are changed automatically.");
    }

    /** An existing path in the way of a directory the root needs. */
    private static final class PathIsNotDirectory extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Path path;

        PathIsNotDirectory(Path path) {
            super(path + " is not a directory");
            this.path = path;
        }
    }
}
