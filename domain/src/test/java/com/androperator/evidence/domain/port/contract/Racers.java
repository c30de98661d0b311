package com.androperator.evidence.domain.port.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Runs racers released at once by one latch, and collects what each got, in order. */
final class Racers {
    private Racers() {
    }

    static <T> List<T> race(int racers, IntFunction<Callable<T>> racer) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<T>> results = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                Callable<T> call = racer.apply(i);
                results.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<T> got = new ArrayList<>();
            for (Future<T> result : results) {
                got.add(result.get());
            }
            return got;
        } finally {
            pool.shutdownNow();
        }
    }
}
