package com.androperator.evidence.archfixture.clean.contracts;

/** A contract record: java.*, Jackson annotations and Jackson's streaming types (contractsStandAlone's allowances). */
public record Record(@com.fasterxml.jackson.annotation.JsonProperty("value") String value) {
    public void write(tools.jackson.core.JsonGenerator json) {
        json.writeString(value);
    }
}
