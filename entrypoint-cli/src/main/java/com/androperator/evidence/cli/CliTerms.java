package com.androperator.evidence.cli;

import com.androperator.evidence.api.DoctorCommand;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;

/**
 * The command line's names for the request fields: each option exactly as picocli declares it
 * (the still capture's and video start's options are generated from {@link RequestField}; the
 * session commands' annotations use the two constants below, which {@code CliTermsTest} holds equal
 * to the table), so that every refusal names the option to fix.
 */
enum CliTerms implements CallerTerms {
    INSTANCE;

    static final String DEVICE = "--device";
    static final String OPERATOR_PACKAGE = "--operator-package";

    /** The option as the request-field table spells it; the constants above are the same names for annotations. */
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
