package com.androperator.evidence.cli;

import com.androperator.evidence.conformance.BundleVerifierCli;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code androperator evidence verify <bundleDir>}: the conformance checker, unchanged. */
@Command(name = "verify",
        description = {"Check that a bundle conforms to the evidence bundle contract: schema, hashes, sizes, PNG and XML.",
                "Prints {\"ok\":bool,\"problems\":[...]}. Exit 0: conforms; 1: does not; 2: usage error."})
final class VerifyCommand implements Callable<Integer> {
    @Parameters(arity = "1", paramLabel = "<bundleDir>", description = "The bundle directory (the one holding manifest.json).")
    String bundleDir;

    private final Io io;

    VerifyCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        return BundleVerifierCli.run(new String[] {bundleDir}, io.out(), io.err());
    }
}
