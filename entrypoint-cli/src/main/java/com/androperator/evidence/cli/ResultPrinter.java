package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.ContractJson;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Writes the one result a command prints on stdout: one JSON line, or text for people ({@link HumanResult}). */
final class ResultPrinter {
    private ResultPrinter() {
    }

    static void print(Object result, boolean pretty, PrintStream out) {
        byte[] bytes = pretty ? HumanResult.render(result).getBytes(StandardCharsets.UTF_8) : ContractJson.toBytes(result);
        out.write(bytes, 0, bytes.length);
        out.println();
        out.flush();
    }
}
