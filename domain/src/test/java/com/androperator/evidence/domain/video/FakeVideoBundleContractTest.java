package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.contract.VideoBundleFilesContract;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import java.util.Optional;

/** The video tests' in-memory bundle keeps the rules the file adapter keeps. */
class FakeVideoBundleContractTest extends VideoBundleFilesContract {

    @Override
    protected VideoBundleFiles newBundle() {
        return new FakeVideoBundle();
    }

    @Override
    protected VideoBundleFiles bundleFillingAfter(String fileName, int bytes) {
        return new FakeVideoBundle().fillingAfter(fileName, bytes);
    }

    @Override
    protected void putInControl(VideoBundleFiles bundle, String name, byte[] bytes) {
        ((FakeVideoBundle) bundle).put("control/" + name, bytes);
    }

    @Override
    protected Optional<byte[]> file(BundleWriter writer, String name) {
        return Optional.ofNullable(((FakeVideoBundle) writer).files.get(name));
    }
}
