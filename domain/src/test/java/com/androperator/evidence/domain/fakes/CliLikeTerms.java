package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.RequestField;

/**
 * Caller terms spelled like the command line's options, so that the domain's unit tests read as
 * the CLI's messages do; the edges' own terms are tested by the CLI, MCP and API tests.
 */
public enum CliLikeTerms implements CallerTerms {
    INSTANCE;

    @Override
    public String field(RequestField field) {
        return switch (field) {
            case OUTPUT_DIR -> "--output-dir";
            case DEVICE -> "--device";
            case OPERATOR_PACKAGE -> "--operator-package";
            case LABEL -> "--label";
            case CONTEXT -> "--context-json";
            case TIMEOUT -> "--timeout";
            case DURATION -> "--duration-seconds";
            case SIZE -> "--size";
        };
    }

    @Override
    public String doctorCommand(String serial) {
        return "androperator doctor --device " + (serial == null ? "<device_serial>" : serial);
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
