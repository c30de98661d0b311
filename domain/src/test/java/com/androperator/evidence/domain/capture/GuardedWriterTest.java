package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.RetainedFile;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.PartialFile;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The guard between the capture and a bundle writer that breaks its contract (returns null, throws):
 * every such fault becomes a STORAGE_FAILED result naming the file, the bytes already kept stay
 * listed, and the hierarchy's one-pass copy stops reading once its copy cannot be stored. These
 * writers misbehave on purpose, which no contract-keeping fake does; the capture-level tests use
 * FakeBundleWriter.
 */
class GuardedWriterTest {
    private static final String PARTIAL = "hierarchy.partial.xml";
    private static final byte[] XML = "<hierarchy rotation=\"0\"/>".getBytes(StandardCharsets.UTF_8);

    @Test
    void aPartialThatWasNeverWrittenIsNotStartedAndFinishesAsAStorageFailure() {
        AtomicBoolean created = new AtomicBoolean();
        GuardedWriter.StreamedPartial partial = guarded(() -> {
            created.set(true);
            return new KeptFile();
        }).streamedPartial(PARTIAL);

        assertThat(partial.write(XML, 0, 0)).as("an empty piece is accepted").isTrue();

        assertThat(partial.started()).isFalse();
        assertThat(created).as("no file for an empty piece").isFalse();
        assertStorageFailed(partial.finish(), "no bytes were written to " + PARTIAL);
    }

    @Test
    void aWriterThatReturnsNoPartialFileEndsThePartial() {
        GuardedWriter.StreamedPartial partial = guarded(() -> null).streamedPartial(PARTIAL);

        assertThat(partial.write(XML, 0, XML.length)).isFalse();
        assertThat(partial.started()).isTrue();
        assertThat(partial.write(XML, 0, XML.length)).as("nothing more can be kept").isFalse();
        assertStorageFailed(partial.finish(), "the bundle writer returned no partial file");
    }

    @Test
    void aWriterThatThrowsWhileCreatingThePartialEndsIt() {
        GuardedWriter.StreamedPartial partial = guarded(() -> {
            throw new IllegalStateException("disk adapter bug");
        }).streamedPartial(PARTIAL);

        assertThat(partial.write(XML, 0, XML.length)).isFalse();
        assertThat(partial.started()).isTrue();
        assertThat(assertStorageFailed(partial.finish(), "the bundle writer failed").failure().message())
                .contains("disk adapter bug");
    }

    @Test
    void aWriterThatThrowsMidFileKeepsItsFailureAndListsTheBytesItKept() throws Exception {
        KeptFile file = new KeptFile().throwingAfter(1);
        GuardedWriter.StreamedPartial partial = guarded(() -> file).streamedPartial(PARTIAL);

        assertThat(partial.write(XML, 0, 5)).isTrue();
        assertThat(partial.write(XML, 5, XML.length - 5)).isFalse();
        assertThat(partial.write(XML, 0, 1)).as("a broken partial takes no more bytes").isFalse();
        assertThat(file.writes).isEqualTo(2);

        StoreResult.StoreFailed failed = assertStorageFailed(partial.finish(), "the bundle writer failed");
        assertThat(failed.retained()).isEqualTo(new RetainedFile(PARTIAL, 5, sha256(XML, 5)));
    }

    @Test
    void aFinishThatThrowsOrReturnsNothingIsAStorageFailure() {
        GuardedWriter.StreamedPartial throwing = guarded(() -> new KeptFile().throwingAtFinish())
                .streamedPartial(PARTIAL);
        assertThat(throwing.write(XML, 0, XML.length)).isTrue();
        assertStorageFailed(throwing.finish(), "the bundle writer failed");

        GuardedWriter.StreamedPartial silent = guarded(() -> new KeptFile().returningNothingAtFinish())
                .streamedPartial(PARTIAL);
        assertThat(silent.write(XML, 0, XML.length)).isTrue();
        assertStorageFailed(silent.finish(), "the bundle writer returned no result");
    }

    @Test
    void aCompletePartialFinishesAsTheWritersOwnResult() throws Exception {
        GuardedWriter.StreamedPartial partial = guarded(KeptFile::new).streamedPartial(PARTIAL);

        assertThat(partial.write(XML, 0, XML.length)).isTrue();

        assertThat(partial.finish()).isEqualTo(new StoreResult.Stored(PARTIAL, XML.length, sha256(XML, XML.length)));
    }

    // ---- the hierarchy's one-pass copy -------------------------------------------------------------

    @Test
    void everyByteReadOneAtATimeIsCopiedAndTheEndIsMinusOne() throws Exception {
        KeptFile file = new KeptFile();
        CopyingStream stream = new CopyingStream(new ByteArrayInputStream(XML), guarded(() -> file).streamedPartial(PARTIAL));

        ByteArrayOutputStream read = new ByteArrayOutputStream();
        for (int b; (b = stream.read()) != -1; ) {
            read.write(b);
        }

        assertThat(read.toByteArray()).isEqualTo(XML);
        assertThat(file.content.toByteArray()).isEqualTo(XML);
        assertThat(stream.storageFailed()).isFalse();
    }

    @Test
    void drainCopiesWhatTheReaderLeftUnread() throws Exception {
        KeptFile file = new KeptFile();
        CopyingStream stream = new CopyingStream(new ByteArrayInputStream(XML), guarded(() -> file).streamedPartial(PARTIAL));
        assertThat(stream.read(new byte[3], 0, 3)).isEqualTo(3);

        stream.drain();

        assertThat(file.content.toByteArray()).isEqualTo(XML);
    }

    @Test
    void aCopyThatCannotBeStoredFailsTheReadAndEveryReadAfterItWhileDrainStops() throws Exception {
        KeptFile file = new KeptFile().fullAfter(4);
        CopyingStream stream = new CopyingStream(new ByteArrayInputStream(XML), guarded(() -> file).streamedPartial(PARTIAL));
        assertThat(stream.read(new byte[4], 0, 4)).isEqualTo(4);

        assertThatThrownBy(() -> stream.read(new byte[4], 0, 4)).isInstanceOf(IOException.class)
                .hasMessageContaining("could not be written");
        assertThat(stream.storageFailed()).isTrue();
        assertThatThrownBy(() -> stream.read(new byte[4], 0, 4)).isInstanceOf(IOException.class);

        stream.drain();
        assertThat(file.writes).as("drain reads nothing more once storage failed").isEqualTo(2);
    }

    @Test
    void closingTheCopyClosesTheSource() throws Exception {
        AtomicBoolean closed = new AtomicBoolean();
        CopyingStream stream = new CopyingStream(new ByteArrayInputStream(XML) {
            @Override
            public void close() {
                closed.set(true);
            }
        }, guarded(KeptFile::new).streamedPartial(PARTIAL));

        stream.close();

        assertThat(closed).isTrue();
    }

    // ---- helpers ----------------------------------------------------------------------------------

    private static StoreResult.StoreFailed assertStorageFailed(StoreResult result, String message) {
        assertThat(result).isInstanceOf(StoreResult.StoreFailed.class);
        StoreResult.StoreFailed failed = (StoreResult.StoreFailed) result;
        assertThat(failed.failure().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(failed.failure().message()).contains(message);
        assertThat(failed.failure().details().asMap()).containsEntry("file", PARTIAL);
        return failed;
    }

    private static String sha256(byte[] bytes, int length) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        digest.update(bytes, 0, length);
        return HexFormat.of().formatHex(digest.digest());
    }

    private static GuardedWriter guarded(Supplier<PartialFile> partials) {
        return new GuardedWriter(new BundleWriter() {
            @Override
            public Path directory() {
                return Path.of("/bundles/one");
            }

            @Override
            public PartialFile createPartial(String partialName) {
                return partials.get();
            }

            @Override
            public StoreResult promote(String partialName, String finalName) {
                throw new UnsupportedOperationException();
            }

            @Override
            public StoreResult writeCaptures(CapturesFile captures) {
                throw new UnsupportedOperationException();
            }

            @Override
            public StoreResult finalizeManifest(Manifest manifest) {
                throw new UnsupportedOperationException();
            }
        });
    }

    /** A partial file that keeps what it is given, with the faults a test asks for. */
    private static final class KeptFile implements PartialFile {
        final ByteArrayOutputStream content = new ByteArrayOutputStream();
        int writes;
        private int throwAfterWrites = Integer.MAX_VALUE;
        private int room = Integer.MAX_VALUE;
        private boolean throwAtFinish;
        private boolean nothingAtFinish;

        KeptFile throwingAfter(int goodWrites) {
            throwAfterWrites = goodWrites;
            return this;
        }

        KeptFile fullAfter(int bytes) {
            room = bytes;
            return this;
        }

        KeptFile throwingAtFinish() {
            throwAtFinish = true;
            return this;
        }

        KeptFile returningNothingAtFinish() {
            nothingAtFinish = true;
            return this;
        }

        @Override
        public boolean write(byte[] bytes, int offset, int length) {
            writes++;
            if (writes > throwAfterWrites) {
                throw new IllegalStateException("simulated writer bug");
            }
            int fits = Math.min(length, room - content.size());
            content.write(bytes, offset, fits);
            return fits == length;
        }

        @Override
        public StoreResult finish() {
            if (throwAtFinish) {
                throw new IllegalStateException("simulated finish bug");
            }
            if (nothingAtFinish) {
                return null;
            }
            try {
                return new StoreResult.Stored(PARTIAL, content.size(), sha256(content.toByteArray(), content.size()));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }
}
