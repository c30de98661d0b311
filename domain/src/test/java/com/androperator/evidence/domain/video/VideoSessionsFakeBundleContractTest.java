package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.contract.VideoBundleFilesContract;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import java.util.Optional;

/** The status and stop tests' bundle, whose manifest a worker may change, keeps the file adapter's rules too. */
class VideoSessionsFakeBundleContractTest extends VideoBundleFilesContract {

    @Override
    protected VideoBundleFiles newBundle() {
        return new VideoSessionsTest.FakeBundle();
    }

    @Override
    protected VideoBundleFiles bundleFillingAfter(String fileName, int bytes) {
        VideoSessionsTest.FakeBundle bundle = new VideoSessionsTest.FakeBundle();
        bundle.fillingAfter(fileName, bytes);
        return bundle;
    }

    @Override
    protected void putInControl(VideoBundleFiles bundle, String name, byte[] bytes) {
        ((VideoSessionsTest.FakeBundle) bundle).put("control/" + name, bytes);
    }

    @Override
    protected Optional<byte[]> file(BundleWriter writer, String name) {
        return Optional.ofNullable(((VideoSessionsTest.FakeBundle) writer).files.get(name));
    }
}
