package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import com.androperator.evidence.domain.video.VideoSessions;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import java.util.Map;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * MCP progress notifications for an {@code evidence_video_stop} whose request carried a
 * {@code _meta.progressToken}: one when the stop starts waiting, then one each time the worker's
 * finalization has decoded or encoded more frames (progress = frames decoded + encoded, total =
 * three passes over the source's frames once its inspection counted them), and a last one at the
 * total when the stop ends with the session finalized. MCP requires progress to grow with each
 * notification, so a poll that found nothing new sends nothing.
 */
final class StopProgressNotifications implements VideoSessions.StopProgress {
    private final McpSyncServerExchange exchange;
    private final Object token;
    private double sent = -1;
    private Long total;

    private StopProgressNotifications(McpSyncServerExchange exchange, Object token) {
        this.exchange = exchange;
        this.token = token;
    }

    /** Notifications when the request asked for them (a string or integer progressToken), none otherwise. */
    static VideoSessions.StopProgress of(McpSyncServerExchange exchange, Map<String, Object> meta) {
        Object token = meta == null ? null : meta.get("progressToken");
        if (exchange == null || !(token instanceof String || token instanceof Number)) {
            return VideoSessions.StopProgress.NONE;
        }
        return new StopProgressNotifications(exchange, token);
    }

    @Override
    public void waiting(BundleStatus status, Optional<FinalizationProgress> progress) {
        long done = progress.map(FinalizationProgress::workDone).orElse(0L);
        progress.map(FinalizationProgress::workTotal).ifPresent(known -> total = known);
        if (done > sent) {
            send(done, progress.map(FinalizationProgress::line).orElse(status.wire() + ": stop requested, waiting for the "
                    + "recorder to end"));
        }
    }

    /** The stop ended; a finalized session gets its last notification at the total. */
    void ended(String status) {
        if (total != null && total > sent && ("complete".equals(status) || "partial".equals(status)
                || "failed".equals(status))) {
            send(total, "finalized: " + status);
        }
    }

    private void send(double progress, String message) {
        sent = progress;
        try {
            exchange.progressNotification(new ProgressNotification(token, progress, total == null ? null
                    : total.doubleValue(), message, null));
        } catch (RuntimeException closed) {
            // A client that went away gets its result (or nothing) without the notification.
            LoggerFactory.getLogger(StopProgressNotifications.class).warn("progress notification not sent: {}",
                    closed.toString());
        }
    }
}
