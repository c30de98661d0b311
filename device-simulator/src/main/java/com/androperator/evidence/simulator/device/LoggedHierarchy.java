package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.LogcatHierarchy;
import com.androperator.evidence.simulator.profile.OperatorSpec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What an Operator before Clawperator 0.12.3 logs for {@code snapshot_ui} before its result
 * (reference-compat.md §3): at priority D under {@link LogcatHierarchy#TAG}, the marker
 * {@code [TaskScope] UI Hierarchy [commandId=<id>]:} (or the untagged {@code [TaskScope] UI
 * Hierarchy:} of older ones), then each line of the hierarchy file as one record, bytes as they
 * are. A profile's script replaces all of it, line by line.
 */
final class LoggedHierarchy {
    private final LogBuffer log;
    private final OperatorSpec operator;

    LoggedHierarchy(LogBuffer log, OperatorSpec operator) {
        this.log = log;
        this.operator = operator;
    }

    void write(String commandId) {
        LogcatHierarchy logcat = operator.logcat();
        if (logcat.script() != null) {
            script(new String(logcat.script().read(), StandardCharsets.UTF_8), commandId);
            return;
        }
        log.append('D', LogcatHierarchy.TAG, operator.pid(), logcat.untaggedMarker() ? "[TaskScope] UI Hierarchy:"
                : "[TaskScope] UI Hierarchy [commandId=" + commandId + "]:");
        byte[] xml = operator.hierarchy().read();
        int start = 0;
        for (int i = 0; i <= xml.length; i++) {
            if (i == xml.length || xml[i] == '\n') {
                int end = i > start && xml[i - 1] == '\r' ? i - 1 : i;
                if (i < xml.length || end > start) {
                    log.append('D', LogcatHierarchy.TAG, operator.pid(), Arrays.copyOfRange(xml, start, end));
                }
                start = i + 1;
            }
        }
    }

    /** Each line {@code L/TAG: message}; a line in another form is logged as a message of the hierarchy tag. */
    private void script(String script, String commandId) {
        for (String line : script.split("\n")) {
            String record = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            int colon = record.indexOf(": ");
            if (record.length() > 2 && record.charAt(1) == '/' && "VDIWEF".indexOf(record.charAt(0)) >= 0 && colon > 2) {
                log.append(record.charAt(0), record.substring(2, colon), operator.pid(),
                        record.substring(colon + 2).replace("{commandId}", commandId).getBytes(StandardCharsets.UTF_8));
            } else {
                log.append('D', LogcatHierarchy.TAG, operator.pid(),
                        record.replace("{commandId}", commandId).getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
