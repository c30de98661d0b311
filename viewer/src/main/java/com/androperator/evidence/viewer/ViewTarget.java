package com.androperator.evidence.viewer;

import com.androperator.evidence.contracts.ErrorCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Which bundle to read and where its page goes, checked before anything is read or written. The
 * page never goes inside the bundle (a terminal bundle is not modified, and the verifier lists
 * every file there), and an existing file is replaced only when the caller asks for it. The
 * default is {@code <bundle>.view.html} beside the bundle directory: unique per bundle, so that
 * the pages of bundles sharing a parent (managed bundles) do not collide.
 */
record ViewTarget(Path bundle, Path page, boolean replaces) {
    static final String DEFAULT_SUFFIX = ".view.html";
    static final String BUNDLE = "BUNDLE";
    static final String OUT = "--out";

    /** Either a target or the refusal that says what to fix. */
    sealed interface Resolution {
        record Resolved(ViewTarget target) implements Resolution {
        }

        record Refused(String code, String message, String option) implements Resolution {
        }
    }

    static Resolution resolve(String bundleArgument, String outArgument, boolean overwrite) {
        if (bundleArgument == null || bundleArgument.isBlank()) {
            return invalid(BUNDLE + " is required: pass a bundle directory (the one holding manifest.json).", BUNDLE);
        }
        Path given;
        try {
            given = Path.of(bundleArgument).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return invalid(BUNDLE + " '" + bundleArgument + "' is not a valid path (" + e.getReason() + ").", BUNDLE);
        }
        if (!Files.exists(given)) {
            return invalid(BUNDLE + " " + given + " does not exist: pass the directory of a bundle (the one holding"
                    + " manifest.json), e.g. the --output-dir of evidence capture.", BUNDLE);
        }
        if (!Files.isDirectory(given)) {
            String hint = given.getFileName() != null && given.getFileName().toString().equals(BundleSnapshot.MANIFEST)
                    ? " Pass its directory, " + given.getParent() + "." : " Pass the bundle directory (the one holding manifest.json).";
            return invalid(BUNDLE + " " + given + " is not a directory." + hint, BUNDLE);
        }
        Path bundle;
        try {
            bundle = given.toRealPath();
        } catch (IOException e) {
            return invalid(BUNDLE + " " + given + " cannot be read: " + e.getMessage() + ".", BUNDLE);
        }
        if (bundle.getParent() == null) {
            return invalid(BUNDLE + " cannot be a filesystem root: pass a bundle directory.", BUNDLE);
        }
        Path wanted;
        if (outArgument == null) {
            wanted = bundle.getParent().resolve(bundle.getFileName() + DEFAULT_SUFFIX);
        } else {
            if (outArgument.isBlank()) {
                return invalid(OUT + " must name a file, e.g. " + bundle + DEFAULT_SUFFIX + ".", OUT);
            }
            try {
                wanted = Path.of(outArgument).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                return invalid(OUT + " '" + outArgument + "' is not a valid path (" + e.getReason() + ").", OUT);
            }
        }
        return page(bundle, wanted, overwrite);
    }

    private static Resolution page(Path bundle, Path wanted, boolean overwrite) {
        Path directory = wanted.getParent();
        if (directory == null || wanted.getFileName() == null) {
            return invalid(OUT + " " + wanted + " is not a file name.", OUT);
        }
        if (!Files.isDirectory(directory)) {
            return invalid("The directory of " + OUT + " " + wanted + " does not exist: create " + directory
                    + " or choose another file.", OUT);
        }
        Path page;
        try {
            page = directory.toRealPath().resolve(wanted.getFileName());
        } catch (IOException e) {
            return invalid("The directory of " + OUT + " " + wanted + " cannot be used: " + e.getMessage() + ".", OUT);
        }
        if (page.startsWith(bundle)) {
            return invalid(OUT + " " + page + " is inside the bundle " + bundle + ", which is never modified: choose a file"
                    + " outside it (the default is " + bundle + DEFAULT_SUFFIX + ").", OUT);
        }
        boolean exists = Files.exists(page, LinkOption.NOFOLLOW_LINKS);
        if (exists && Files.isDirectory(page, LinkOption.NOFOLLOW_LINKS)) {
            return invalid(OUT + " " + page + " is a directory: name a file, e.g. " + page.resolve("view.html") + ".", OUT);
        }
        if (exists && !overwrite) {
            return new Resolution.Refused(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, page + " already exists and was not"
                    + " overwritten: choose another " + OUT + ", remove it, or pass --overwrite to replace it.", OUT);
        }
        return new Resolution.Resolved(new ViewTarget(bundle, page, exists));
    }

    private static Resolution invalid(String message, String option) {
        return new Resolution.Refused(ErrorCodes.EXECUTION_VALIDATION_FAILED, message, option);
    }
}
