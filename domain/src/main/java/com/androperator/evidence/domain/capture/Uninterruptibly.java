package com.androperator.evidence.domain.capture;

import java.util.concurrent.BlockingQueue;

/**
 * Waits that a capture's own helper threads end on their own (their work is bounded by the
 * capture's deadline or by the bytes already received): an interrupt of the waiting thread is
 * kept for its caller, never a reason to leave a helper running or a piece of the PNG unchecked.
 */
final class Uninterruptibly {
    private Uninterruptibly() {
    }

    static <T> void put(BlockingQueue<T> queue, T item) {
        boolean interrupted = false;
        while (true) {
            try {
                queue.put(item);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    static <T> T take(BlockingQueue<T> queue) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return queue.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
