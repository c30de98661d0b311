package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Writes the one result a command prints on stdout: one JSON line, or text for people ({@link HumanResult}). */
final class ResultPrinter {
    private ResultPrinter() {
    }

    static void print(Object result, boolean pretty, PrintStream out) {
        write(pretty ? HumanResult.render(result).getBytes(StandardCharsets.UTF_8) : ContractJson.toBytes(result), out);
    }

    /** A still capture's result; pretty text shows the components of the manifest the capture holds, not re-read. */
    static void print(CaptureOutcome outcome, boolean pretty, PrintStream out) {
        CommandResult result = outcome.toResult();
        Manifest manifest = outcome instanceof CaptureOutcome.Finished finished ? finished.manifest() : null;
        write(pretty ? HumanResult.render(result, manifest).getBytes(StandardCharsets.UTF_8) : ContractJson.toBytes(result),
                out);
    }

    private static void write(byte[] bytes, PrintStream out) {
        out.write(bytes, 0, bytes.length);
        out.println();
        out.flush();
    }
}
