package com.androperator.evidence.api.video;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import com.androperator.evidence.domain.video.VideoStartCommand;
import org.jspecify.annotations.Nullable;

/**
 * A video start's command from the values an edge read for {@link RequestSpellings#videoStartFields()}
 * (options or tool arguments, converted to each field's kind): the edges build it one way, and the use
 * case validates it.
 */
public final class VideoStartRequest {
    private VideoStartRequest() {
    }

    public static VideoStartCommand command(RequestValues values) {
        return VideoStartCommand.builder().deviceSerial(values.text(RequestField.DEVICE))
                .operatorPackage(values.text(RequestField.OPERATOR_PACKAGE)).outputDir(values.text(RequestField.OUTPUT_DIR))
                .durationSeconds(clamped(values.integer(RequestField.DURATION))).size(values.text(RequestField.SIZE))
                .label(values.text(RequestField.LABEL)).context(values.json(RequestField.CONTEXT)).build();
    }

    /** Clamped, not wrapped: a huge value stays out of range and gets the use case's range message. */
    private static @Nullable Integer clamped(@Nullable Long seconds) {
        return seconds == null ? null : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, seconds));
    }
}
