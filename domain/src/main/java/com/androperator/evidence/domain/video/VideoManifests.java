package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The manifest of a video bundle at each step of its lifecycle, derived from the one before. */
public final class VideoManifests {
    public static final String CODEC = "h264";

    private VideoManifests() {
    }

    /** Active: same facts, a new non-terminal status, finishedAt null. */
    public static Manifest active(Manifest base, BundleStatus status, @Nullable StopReason stopReason,
                                  long hostDurationMs) {
        VideoInfo video = videoOf(base);
        VideoInfo next = new VideoInfo(video.requestedDurationSeconds(), hostDurationMs, null, video.requestedSize(),
                null, video.codec(), stopReason);
        return new Manifest(base.schemaVersion(), base.evidenceId(), base.label(), base.context(), base.device(),
                base.startedAt(), null, status, base.artifacts(), base.errors(), next);
    }

    /**
     * Terminal, by the reference's rule: complete only when every clip verified and there are no
     * errors (metadata, recorder, receipt, stderr included); otherwise partial when any video
     * artifact has a file (a retained capture.partial.mkv counts), else failed. Artifacts in the
     * reference's order: the clips, the retained source, then the others (encoder.stderr.txt,
     * captures.json) as given.
     */
    public static Manifest terminal(Manifest base, String finishedAt, StopReason stopReason, long hostDurationMs,
                                    FinalizedMedia media, List<Artifact> otherArtifacts, List<BundleError> moreErrors) {
        List<BundleError> errors = new ArrayList<>(base.errors());
        errors.addAll(moreErrors);
        errors.addAll(media.errors());
        List<Artifact> artifacts = new ArrayList<>(media.clipArtifacts());
        media.source().ifPresent(artifacts::add);
        artifacts.addAll(otherArtifacts);
        BundleStatus status;
        boolean videoFile = artifacts.stream().anyMatch(a -> a.kind() == ArtifactKind.VIDEO && a.path() != null);
        if (!videoFile) {
            status = BundleStatus.FAILED;
        } else if (media.allVerified() && errors.isEmpty()) {
            status = BundleStatus.COMPLETE;
        } else {
            status = BundleStatus.PARTIAL;
        }
        VideoInfo video = videoOf(base);
        VideoSize requested = video.requestedSize();
        VideoInfo next = new VideoInfo(video.requestedDurationSeconds(), hostDurationMs, media.mediaDurationMs(),
                requested, media.actualSize(), CODEC, stopReason);
        return new Manifest(base.schemaVersion(), base.evidenceId(), base.label(), base.context(), base.device(),
                base.startedAt(), finishedAt, status, artifacts, errors, next);
    }

    /** The video part of a video bundle's manifest: these manifests are never a still bundle's. */
    private static VideoInfo videoOf(Manifest base) {
        VideoInfo video = base.video();
        if (video == null) {
            throw new IllegalArgumentException("a video bundle's manifest has its video part");
        }
        return video;
    }

    /** A terminal failed manifest for a session that never recorded (startup failure), keeping what the base knew. */
    public static Manifest startupFailed(Manifest base, String finishedAt, List<BundleError> moreErrors) {
        List<BundleError> errors = new ArrayList<>(base.errors());
        errors.addAll(moreErrors);
        VideoInfo video = videoOf(base);
        VideoInfo next = new VideoInfo(video.requestedDurationSeconds(), video.hostDurationMs(), null,
                video.requestedSize(), null, video.codec(), StopReason.STARTUP_FAILURE);
        return new Manifest(base.schemaVersion(), base.evidenceId(), base.label(), base.context(), base.device(),
                base.startedAt(), finishedAt, BundleStatus.FAILED, base.artifacts(), errors, next);
    }
}
