package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.RequestField;

/**
 * Caller terms spelled like the command line's options, so that the domain's unit tests read as
 * the CLI's messages do; the edges' own terms are tested by the CLI, MCP and API tests.
 */
public enum CliLikeTerms implements CallerTerms {
    INSTANCE;

    /** The command line's option names (the domain holds no edge's words, so the fake spells them itself). */
    @Override
    public String field(RequestField field) {
        return switch (field) {
            case DEVICE -> "--device";
            case OPERATOR_PACKAGE -> "--operator-package";
            case OUTPUT_DIR -> "--output-dir";
            case LABEL -> "--label";
            case CONTEXT -> "--context-json";
            case TIMEOUT -> "--timeout";
            case DURATION -> "--duration-seconds";
            case SIZE -> "--size";
            case SESSION -> "--session";
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
