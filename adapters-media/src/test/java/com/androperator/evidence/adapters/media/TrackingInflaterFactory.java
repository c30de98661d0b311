package com.androperator.evidence.adapters.media;

import java.util.ArrayList;
import java.util.List;
import java.util.zip.Inflater;

/** Hands out inflaters and remembers them, so tests can prove none was created, or all were ended. */
final class TrackingInflaterFactory implements InflaterFactory {

    private final List<TrackedInflater> created = new ArrayList<>();

    @Override
    public Inflater create(boolean raw) {
        TrackedInflater inflater = new TrackedInflater(raw);
        created.add(inflater);
        return inflater;
    }

    int createdCount() {
        return created.size();
    }

    /** "raw" or "zlib" for each inflater, in the order they were made. */
    List<String> createdKinds() {
        return created.stream().map(inflater -> inflater.raw ? "raw" : "zlib").toList();
    }

    boolean allEnded() {
        return created.stream().allMatch(inflater -> inflater.ended);
    }

    private static final class TrackedInflater extends Inflater {
        private final boolean raw;
        private boolean ended;

        TrackedInflater(boolean raw) {
            super(raw);
            this.raw = raw;
        }

        @Override
        public void end() {
            ended = true;
            super.end();
        }
    }
}
