package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.prune.PruneLine;
import com.androperator.evidence.domain.prune.PruneReport;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A prune's report on stdout: one line per bundle, then one total line. As JSON (the default) each
 * line is one object, so a script reads it line by line; pretty is text for people.
 */
final class PruneOutput {
    private PruneOutput() {
    }

    static void print(PruneReport report, boolean pretty, PrintStream out) {
        for (PruneLine line : report.lines()) {
            write(pretty ? text(line) : json(line), out);
        }
        write(pretty ? text(report) : json(report), out);
        out.flush();
    }

    private static void write(String line, PrintStream out) {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
    }

    private static String json(PruneLine line) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("action", line.action().wire());
        fields.put("bundle", line.bundle().toString());
        fields.put("evidenceId", line.evidenceId());
        fields.put("status", line.status() == null ? null : line.status().wire());
        fields.put("startedAt", line.startedAt() == null ? null : line.startedAt().toString());
        fields.put("bytes", line.bytes());
        fields.put("reason", line.reason());
        return ContractJson.toJson(fields);
    }

    private static String json(PruneReport report) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("ok", report.complete());
        fields.put("bundlesRoot", report.bundlesRoot().toString());
        fields.put("dryRun", report.dryRun());
        for (PruneLine.Action action : PruneLine.Action.values()) {
            fields.put(action.wire(), report.count(action));
        }
        fields.put("bytes", report.bytesRemoved());
        return ContractJson.toJson(fields);
    }

    private static String text(PruneLine line) {
        StringBuilder text = new StringBuilder(String.format("%-12s %s", line.action().wire(), line.bundle()));
        if (line.status() != null) {
            text.append("  ").append(line.status().wire()).append("  started ").append(line.startedAt());
        }
        if (line.reason() == null) {
            text.append("  ").append(line.bytes()).append(" bytes");
        } else {
            text.append("  (").append(line.reason()).append(')');
        }
        return text.toString();
    }

    private static String text(PruneReport report) {
        long removed = report.count(report.dryRun() ? PruneLine.Action.WOULD_REMOVE : PruneLine.Action.REMOVED);
        return String.format("total: %d %s (%d bytes), %d kept active, %d not removed, %d unreadable, %d skipped",
                removed, report.dryRun() ? "would be removed" : "removed", report.bytesRemoved(),
                report.count(PruneLine.Action.KEPT_ACTIVE), report.count(PruneLine.Action.NOT_REMOVED),
                report.count(PruneLine.Action.UNREADABLE), report.count(PruneLine.Action.SKIPPED));
    }
}
