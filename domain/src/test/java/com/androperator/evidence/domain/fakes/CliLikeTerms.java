package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.RequestField;

/**
 * Caller terms spelled like the command line's options, so that the domain's unit tests read as
 * the CLI's messages do; the edges' own terms are tested by the CLI, MCP and API tests.
 */
public enum CliLikeTerms implements CallerTerms {
    INSTANCE;

    /** The request-field table's option names, as the CLI's own terms read them. */
    @Override
    public String field(RequestField field) {
        return field.cli().option();
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
