package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * What a capture holds open until its files are written: the Operator outcomes whose spooled
 * strings captures.json streams. Closed once, at the end of the capture, whatever happened.
 */
final class Releases implements AutoCloseable {
    private final List<OperatorOutcome.Answered> answers = new ArrayList<>();

    void add(OperatorOutcome outcome) {
        if (outcome instanceof OperatorOutcome.Answered answered) {
            answers.add(answered);
        }
    }

    @Override
    public void close() {
        for (OperatorOutcome.Answered answered : answers) {
            try {
                answered.release();
            } catch (RuntimeException ignored) {
                // Freeing a spool cannot change the evidence already written.
            }
        }
        answers.clear();
    }
}
