package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.ContractJson;
import java.io.PrintStream;

/** Writes the one object a command prints on stdout: compact JSON, or indented for people. */
final class ResultPrinter {
    private ResultPrinter() {
    }

    static void print(Object result, boolean pretty, PrintStream out) {
        byte[] json = pretty ? ContractJson.toPrettyBytes(result) : ContractJson.toBytes(result);
        out.write(json, 0, json.length);
        out.println();
        out.flush();
    }
}
