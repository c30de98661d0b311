package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.port.contract.RecorderLauncherContract;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderCommand;
import java.util.Map;

/** The domain's scripted scrcpy starts, opens, stops and reports as the real launcher's recorder does. */
class FakeRecorderContractTest extends RecorderLauncherContract {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();
    private final FakeVideoBundle bundle = new FakeVideoBundle();

    @Override
    protected Launch launch(int timeLimitSeconds, boolean answersSigint) {
        FakeRecorder recorder = new FakeRecorder(clock, bundle, () -> { });
        recorder.ignoresSigint = !answersSigint;
        // scrcpy honours its --time-limit; the fake does when told to (worker tests also script one that does not).
        recorder.exitsAfterMillis = timeLimitSeconds * 1000L;
        RecorderCommand command = new RecorderCommand("/usr/bin/scrcpy", null, "emulator-5554", 1280,
                bundle.directory().resolve(VideoFinalization.LIVE_SOURCE), timeLimitSeconds, Map.of());
        return new Launch(command, recorder.launch(command));
    }
}
