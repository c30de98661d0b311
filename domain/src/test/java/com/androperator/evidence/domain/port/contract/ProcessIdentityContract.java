package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ProcessIdentity} does, the domain's fake process table and the host adapter
 * alike: a process is running only while the PID and the start instant saved for it both match, so
 * a reused PID, an ended process or an identity whose start could not be told never counts as the
 * worker (spec: "never ... signal a PID without checking its identity").
 */
public abstract class ProcessIdentityContract {

    /** The process table under test, as seen from the process that asks. */
    protected abstract ProcessIdentity subject() throws Exception;

    /** Starts another process that runs until {@link OtherProcess#end()}. */
    protected abstract OtherProcess startOther() throws Exception;

    /** A process other than the one asking, with the identity the table gives it. */
    public interface OtherProcess {
        WorkerIdentity identity();

        /** Ends the process and returns once it has ended. */
        void end() throws Exception;
    }

    @Test
    void theAskingProcessIsRunningUnderItsOwnIdentity() throws Exception {
        ProcessIdentity subject = subject();

        assertThat(subject.isRunning(subject.self())).isTrue();
    }

    @Test
    void theAskingProcessHasOneIdentity() throws Exception {
        ProcessIdentity subject = subject();

        assertThat(subject.self()).isEqualTo(subject.self());
    }

    @Test
    void anotherRunningProcessIsSeenUnderTheIdentityItWasGiven() throws Exception {
        OtherProcess other = startOther();
        try {
            assertThat(subject().isRunning(other.identity())).isTrue();
            assertThat(other.identity()).isNotEqualTo(subject().self());
        } finally {
            other.end();
        }
    }

    @Test
    void anEndedProcessIsNotRunning() throws Exception {
        OtherProcess other = startOther();
        other.end();

        assertThat(subject().isRunning(other.identity())).isFalse();
    }

    @Test
    void theSamePidWithAnotherStartInstantIsAnotherProcessAndNotRunning() throws Exception {
        ProcessIdentity subject = subject();
        WorkerIdentity self = subject.self();
        Instant start = Instant.parse(self.startInstant());

        assertThat(subject.isRunning(new WorkerIdentity(self.pid(), start.plusMillis(1).toString()))).isFalse();
        assertThat(subject.isRunning(new WorkerIdentity(self.pid(), start.minusSeconds(3600).toString()))).isFalse();
    }

    @Test
    void aStartInstantThatIsNotAnInstantNeverMatches() throws Exception {
        ProcessIdentity subject = subject();
        long pid = subject.self().pid();

        assertThat(subject.isRunning(new WorkerIdentity(pid, "unknown"))).isFalse();
        assertThat(subject.isRunning(new WorkerIdentity(pid, "yesterday"))).isFalse();
    }

    @Test
    void aPidNoProcessCanHaveIsNotRunning() throws Exception {
        ProcessIdentity subject = subject();

        // Above Linux's largest pid_max (2^22), so no host process has it.
        assertThat(subject.isRunning(new WorkerIdentity(Integer.MAX_VALUE, subject.self().startInstant()))).isFalse();
    }
}
