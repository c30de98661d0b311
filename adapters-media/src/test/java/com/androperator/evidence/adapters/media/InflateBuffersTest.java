package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Rejected;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Verified;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The PNG check's off-heap inflate buffers: reused between checks, a bounded number kept, each pair held by one check. */
class InflateBuffersTest {

    @Test
    void aPairGivenBackIsTheNextOneTakenAndComesBackCleared() {
        InflateBuffers pair = InflateBuffers.take();
        pair.input.put((byte) 1);
        pair.output.limit(10);

        pair.release();
        InflateBuffers next = InflateBuffers.take();

        assertThat(next).isSameAs(pair);
        assertThat(next.input.position()).isZero();
        assertThat(next.output.limit()).isEqualTo(InflateBuffers.BYTES);
        next.release();
    }

    @Test
    void pairsHeldAtOnceAreDistinctAndAtMostSixteenAreKept() {
        List<InflateBuffers> held = takeDistinct(InflateBuffers.POOLED + 4);
        held.forEach(InflateBuffers::release);

        List<InflateBuffers> again = takeDistinct(InflateBuffers.POOLED + 4);
        Set<InflateBuffers> released = identitySet(held);

        assertThat(again.stream().filter(released::contains).count()).isEqualTo(InflateBuffers.POOLED);
        again.forEach(InflateBuffers::release);
    }

    @Test
    void aCheckGivesItsPairBackWhenItEndsVerifiedOrRejected() {
        List<InflateBuffers> drained = takeDistinct(InflateBuffers.POOLED); // the pool is empty now
        byte[] png = PngTestEncoder.encode(RawImage.random(40, 30, 2, 8, false, new Random(7)));
        byte[] damaged = png.clone();
        damaged[png.length - 20] ^= 0x01; // in the last IDAT's data, so the inflate itself fails

        assertThat(InflateBuffers.pooled()).isZero();
        assertThat(new PngVerifier().verify(png)).isInstanceOf(Verified.class);
        assertThat(InflateBuffers.pooled()).isEqualTo(1);
        assertThat(new PngVerifier().verify(damaged)).isInstanceOf(Rejected.class);
        assertThat(InflateBuffers.pooled()).isEqualTo(1);

        InflateBuffers used = InflateBuffers.take();
        assertThat(identitySet(drained)).doesNotContain(used);
        used.release();
        drained.forEach(InflateBuffers::release);
    }

    @Test
    void aPairGivenBackTwiceIsABug() {
        InflateBuffers pair = InflateBuffers.take();
        pair.release();

        assertThatThrownBy(pair::release).isInstanceOf(IllegalStateException.class)
                .hasMessage("inflate buffers given back twice");
    }

    private static List<InflateBuffers> takeDistinct(int count) {
        List<InflateBuffers> taken = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            taken.add(InflateBuffers.take());
        }
        assertThat(identitySet(taken)).hasSize(count);
        return taken;
    }

    private static Set<InflateBuffers> identitySet(List<InflateBuffers> pairs) {
        Set<InflateBuffers> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(pairs);
        return set;
    }
}
