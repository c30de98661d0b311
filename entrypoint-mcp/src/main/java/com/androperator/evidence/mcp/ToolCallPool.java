package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * Where tool calls run: one thread per call in flight, up to a limit, and never a queue. A call
 * starts at once or, with the limit reached, is answered at once with {@link ErrorCodes#SERVER_BUSY}
 * naming the limit; so a fast call (a status, a refusal) never waits behind slow captures. The
 * reader thread only hands calls over, and tools/list, ping and protocol errors never come here.
 */
final class ToolCallPool {
    /** Default limit: well above the devices one host drives, each call costs one mostly idle thread. */
    static final int DEFAULT_LIMIT = 64;
    /** Highest limit {@code --max-tool-calls} accepts. */
    static final int MAX_LIMIT = 1024;

    private final int limit;
    private final ThreadPoolExecutor executor;
    private final IdleHeapReturn idle;

    ToolCallPool(int limit, IdleHeapReturn idle) {
        this.limit = limit;
        this.idle = idle;
        AtomicInteger count = new AtomicInteger();
        ThreadFactory threads = task -> {
            Thread thread = new Thread(task, "mcp-tool-call-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        this.executor = new ThreadPoolExecutor(0, limit, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), threads,
                new ThreadPoolExecutor.AbortPolicy());
    }

    /** The same tool, its (blocking) handler run on this pool. */
    AsyncToolSpecification offload(SyncToolSpecification tool) {
        String name = tool.tool().name();
        return new AsyncToolSpecification(tool.tool(), (exchange, request) -> Mono.create(sink -> {
            try {
                idle.callStarted();
                executor.execute(() -> {
                    try {
                        sink.success(tool.callHandler().apply(new McpSyncServerExchange(exchange), request));
                    } catch (Throwable e) {
                        sink.error(e);
                    } finally {
                        idle.callEnded();
                    }
                });
            } catch (RejectedExecutionException e) {
                idle.callEnded();
                sink.success(busy(name));
            } catch (RuntimeException | Error e) {
                idle.callEnded(); // a call that never started must not hold the server busy for good
                throw e;
            }
        }));
    }

    private CallToolResult busy(String tool) {
        return ToolResults.of(CommandResult.refused(ErrorCodes.SERVER_BUSY, "The server is already running " + limit
                + " tool calls, its limit, so " + tool + " was not started. Retry once a call has answered, or start "
                + "the server with a higher --max-tool-calls.", Details.builder().number(DetailKey.LIMIT, limit).text(DetailKey.TOOL, tool).build(), null), false);
    }

    /**
     * Takes no more calls and gives those in flight up to {@code grace} to answer.
     *
     * @return how many were still running (they are abandoned)
     */
    int finish(Duration grace) {
        executor.shutdown();
        try {
            executor.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return executor.getActiveCount();
    }
}
