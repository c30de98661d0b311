package com.androperator.evidence.mcp;

import com.androperator.evidence.api.DoctorCommand;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;

/**
 * The MCP tools' names for the request fields, as their input schemas declare them, so that every
 * refusal names the argument an MCP client can change. A client never chooses an output directory
 * (outputDir is refused as an unknown argument); the doctor is a shell command a person runs.
 */
enum McpTerms implements CallerTerms {
    INSTANCE;

    /** The tool schemas' property names; a field no tool offers keeps the Java API's name. */
    @Override
    public String field(RequestField field) {
        return RequestSpellings.mcp(field).map(RequestSpellings.McpSpelling::name).orElse(field.javaName());
    }

    @Override
    public String doctorCommand(String serial) {
        return DoctorCommand.forDevice(serial);
    }

    @Override
    public String statusStep() {
        return EvidenceVideoTools.STATUS + " with its sessionId";
    }

    @Override
    public String stopStep() {
        return EvidenceVideoTools.STOP + " with its sessionId";
    }
}
