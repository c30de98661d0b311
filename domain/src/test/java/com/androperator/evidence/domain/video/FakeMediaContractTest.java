package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.port.contract.MediaToolkitContract;
import com.androperator.evidence.domain.port.contract.PortSamples;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;

/** The domain's scripted ffmpeg and ffprobe inspect, encode and verify as the real tools do. */
class FakeMediaContractTest extends MediaToolkitContract {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final FakeVideoBundle bundle = new FakeVideoBundle();
    private final FakeMedia media = new FakeMedia(clock, bundle, new FakeRecorder(clock, bundle, () -> { }));

    @Override
    protected MediaToolkit toolkit() {
        return media;
    }

    @Override
    protected VideoSession.Tools tools() {
        return PortSamples.session(bundle.directory(), "session-1").tools();
    }

    @Override
    protected Path recording(String... spans) {
        for (String span : spans) {
            String[] sizeAndFrames = span.split("[x:]");
            media.frames(Integer.parseInt(sizeAndFrames[0]), Integer.parseInt(sizeAndFrames[1]),
                    Integer.parseInt(sizeAndFrames[2]));
        }
        return bundle.directory().resolve("capture.partial.mkv");
    }

    @Override
    protected Path clip(String name) {
        return bundle.directory().resolve(name);
    }
}
