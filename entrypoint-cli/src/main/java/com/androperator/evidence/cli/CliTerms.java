package com.androperator.evidence.cli;

import com.androperator.evidence.api.DoctorCommand;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.RequestField;

/**
 * The command line's names for the request fields: each option exactly as picocli declares it
 * (the declarations use these constants), so that every refusal names the option to fix.
 */
enum CliTerms implements CallerTerms {
    INSTANCE;

    static final String OUTPUT_DIR = "--output-dir";
    static final String DEVICE = "--device";
    static final String OPERATOR_PACKAGE = "--operator-package";
    static final String LABEL = "--label";
    static final String CONTEXT = "--context-json";
    static final String TIMEOUT = "--timeout";
    static final String DURATION = "--duration-seconds";
    static final String SIZE = "--size";

    @Override
    public String field(RequestField field) {
        return switch (field) {
            case OUTPUT_DIR -> OUTPUT_DIR;
            case DEVICE -> DEVICE;
            case OPERATOR_PACKAGE -> OPERATOR_PACKAGE;
            case LABEL -> LABEL;
            case CONTEXT -> CONTEXT;
            case TIMEOUT -> TIMEOUT;
            case DURATION -> DURATION;
            case SIZE -> SIZE;
        };
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
