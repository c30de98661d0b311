package com.androperator.evidence.cli;

import com.androperator.evidence.api.DoctorCommand;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;

/**
 * The command line's names for the request fields: each option exactly as picocli declares it
 * (the still capture's and the video commands' options are generated from {@link RequestField}; the
 * doctor's annotation uses the constant below, which {@code CliTermsTest} holds equal to the table),
 * so that every refusal names the option to fix.
 */
enum CliTerms implements CallerTerms {
    INSTANCE;

    static final String DEVICE = "--device";

    /** The option as the request-field table spells it; the constant above is the same name for an annotation. */
    @Override
    public String field(RequestField field) {
        return RequestSpellings.cli(field).option();
    }

    @Override
    public String doctorCommand(String serial) {
        return DoctorCommand.forDevice(serial);
    }

    @Override
    public String statusStep() {
        return "`evidence video status`";
    }

    @Override
    public String stopStep() {
        return "evidence video stop --session <its manifest.json>";
    }
}
