package com.androperator.evidence.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;

/**
 * Progress notifications for a call that reports no steps (evidence_capture) whose request carried
 * a {@code _meta.progressToken}: once a second, the time elapsed in milliseconds against the
 * device-work budget as total ("capturing: 2.0 s elapsed of its 30 s budget"). Progress must grow
 * and stay within its total, so the notifications end when the budget is spent (persistence may
 * outlast it) or the call returns.
 */
final class ElapsedProgressNotifications implements AutoCloseable {
    private static final long INTERVAL_MILLIS = 1000;

    private final ScheduledExecutorService ticker;

    private ElapsedProgressNotifications(ScheduledExecutorService ticker) {
        this.ticker = ticker;
    }

    /** Starts notifying when the request asked for it; otherwise a no-op to close. */
    static ElapsedProgressNotifications start(McpSyncServerExchange exchange, Map<String, Object> meta, String what,
                                              long budgetMs) {
        Object token = meta == null ? null : meta.get("progressToken");
        if (exchange == null || !(token instanceof String || token instanceof Number)) {
            return new ElapsedProgressNotifications(null);
        }
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "mcp-progress");
            thread.setDaemon(true);
            return thread;
        });
        long start = System.nanoTime();
        ticker.scheduleAtFixedRate(() -> {
            long elapsed = (System.nanoTime() - start) / 1_000_000L;
            if (elapsed >= budgetMs) {
                ticker.shutdown();
                return;
            }
            try {
                exchange.progressNotification(new ProgressNotification(token, (double) elapsed, (double) budgetMs,
                        what + ": " + String.format(java.util.Locale.ROOT, "%.1f", elapsed / 1000.0)
                                + " s elapsed of its " + budgetMs / 1000 + " s budget", null));
            } catch (RuntimeException closed) {
                LoggerFactory.getLogger(ElapsedProgressNotifications.class).warn("progress notification not sent: {}",
                        closed.toString());
                ticker.shutdown();
            }
        }, INTERVAL_MILLIS, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
        return new ElapsedProgressNotifications(ticker);
    }

    /** No notification is sent once this returns, so none follows the call's result. */
    @Override
    public void close() {
        if (ticker == null) {
            return;
        }
        ticker.shutdownNow();
        try {
            ticker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
