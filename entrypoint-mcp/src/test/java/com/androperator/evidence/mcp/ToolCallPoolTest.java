package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The pool tells the idle heap return when calls start and end: no collection while a call runs,
 * the idle clock started when the last one answers, and a call the limit refused counted as ended.
 * The clock is driven by hand; each wait is for an outcome (a call's answer, a clock started).
 */
class ToolCallPoolTest {
    private final List<Runnable> clocks = new CopyOnWriteArrayList<>();
    private final List<CompletableFuture<Void>> futures = new CopyOnWriteArrayList<>();
    private final Semaphore clockStarted = new Semaphore(0);
    private final AtomicInteger collections = new AtomicInteger();
    private final IdleHeapReturn idle = new IdleHeapReturn(whenIdle -> {
        CompletableFuture<Void> future = new CompletableFuture<>();
        futures.add(future);
        clocks.add(whenIdle);
        clockStarted.release();
        return future;
    }, collections::incrementAndGet);
    private final CountDownLatch release = new CountDownLatch(1);

    private AsyncToolSpecification blockingTool(ToolCallPool pool) {
        return pool.offload(SyncToolSpecification.builder()
                .tool(ConfigureTool.tool())
                .callHandler((exchange, request) -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return CallToolResult.builder().addTextContent("answered").build();
                })
                .build());
    }

    private static CompletableFuture<CallToolResult> call(AsyncToolSpecification tool) {
        return tool.callHandler().apply(null, CallToolRequest.builder(ConfigureTool.tool().name()).arguments(Map.of()).build())
                .toFuture();
    }

    private void awaitClock() throws InterruptedException {
        assertThat(clockStarted.tryAcquire(30, TimeUnit.SECONDS)).as("an idle clock started").isTrue();
    }

    @Test
    void aCallInFlightHoldsTheCollectionAndItsAnswerStartsTheClock() throws Exception {
        awaitClock(); // the start-up's own clock
        AsyncToolSpecification tool = blockingTool(new ToolCallPool(2, idle));

        CompletableFuture<CallToolResult> answer = call(tool);
        assertThat(futures.get(0)).isCancelled();
        release.countDown();
        assertThat(answer.get(30, TimeUnit.SECONDS).isError()).isNotEqualTo(Boolean.TRUE);
        awaitClock();

        assertThat(clocks).hasSize(2);
        clocks.get(1).run();
        assertThat(collections).hasValue(1);
    }

    @Test
    void aCallTheLimitRefusedCountsAsEnded() throws Exception {
        awaitClock();
        AsyncToolSpecification tool = blockingTool(new ToolCallPool(1, idle));

        CompletableFuture<CallToolResult> running = call(tool);
        CallToolResult refused = call(tool).get(30, TimeUnit.SECONDS);
        assertThat(refused.isError()).isTrue();
        assertThat(clocks).as("the running call still holds the server busy").hasSize(1);
        release.countDown();
        running.get(30, TimeUnit.SECONDS);
        awaitClock();

        clocks.get(1).run();
        assertThat(collections).hasValue(1);
    }
}
