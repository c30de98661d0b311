package com.androperator.evidence.adapters.media;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.zip.Inflater;

/** Hands out inflaters and remembers them, so tests can prove none was created, or all were ended. */
final class TrackingInflaterFactory implements Supplier<Inflater> {

    private final List<TrackedInflater> created = new ArrayList<>();

    @Override
    public Inflater get() {
        TrackedInflater inflater = new TrackedInflater();
        created.add(inflater);
        return inflater;
    }

    int createdCount() {
        return created.size();
    }

    boolean allEnded() {
        return created.stream().allMatch(inflater -> inflater.ended);
    }

    private static final class TrackedInflater extends Inflater {
        private boolean ended;

        @Override
        public void end() {
            ended = true;
            super.end();
        }
    }
}
