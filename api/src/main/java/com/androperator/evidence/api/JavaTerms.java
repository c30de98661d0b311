package com.androperator.evidence.api;

import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.RequestField;
import org.jspecify.annotations.Nullable;

/**
 * The Java API's names for the request fields: the {@link CaptureOptions} and
 * {@code VideoStartCommand} builder methods a Java caller sets. The default terms of
 * {@link CaptureDependencies} and {@code EvidenceVideo}.
 */
public enum JavaTerms implements CallerTerms {
    INSTANCE;

    @Override
    public String field(RequestField field) {
        return field.javaName();
    }

    @Override
    public String doctorCommand(@Nullable String serial) {
        return DoctorCommand.forDevice(serial);
    }

    @Override
    public String statusStep() {
        return "EvidenceVideo.status(session)";
    }

    @Override
    public String stopStep() {
        return "EvidenceVideo.stop(session)";
    }
}
