package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.ContractJson;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * {@code androperator evidence verify <bundleDir>}: prints {@code {"ok":bool,"problems":[...]}}
 * and exits 0 when the bundle conforms, 1 when it does not, 2 on a usage error (no argument, more
 * than one, or not a directory). The CLI module delegates to {@link #run}.
 */
public final class BundleVerifierCli {
    static final int CONFORMS = 0;
    static final int DOES_NOT_CONFORM = 1;
    static final int USAGE_ERROR = 2;
    private static final String USAGE = "usage: androperator evidence verify <bundleDir>";

    private BundleVerifierCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args == null || args.length != 1 || args[0] == null || args[0].isBlank()) {
            err.println(USAGE);
            return USAGE_ERROR;
        }
        Path bundleDir;
        try {
            bundleDir = Path.of(args[0]);
        } catch (InvalidPathException e) {
            err.println("not a valid path: " + args[0] + " (" + e.getReason() + ")");
            err.println(USAGE);
            return USAGE_ERROR;
        }
        if (!Files.isDirectory(bundleDir)) {
            err.println("not a directory: " + bundleDir);
            err.println(USAGE);
            return USAGE_ERROR;
        }
        VerificationReport report = new BundleVerifier().verify(bundleDir);
        out.println(new String(ContractJson.toPrettyBytes(report), StandardCharsets.UTF_8));
        out.flush();
        return report.ok() ? CONFORMS : DOES_NOT_CONFORM;
    }
}
