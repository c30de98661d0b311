package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.core.StreamReadConstraints;

/**
 * The contract mapper states every read limit, each at least the contract's cap: Jackson's own
 * default string limit (100,000,000 characters) would refuse a captures.json holding a hierarchy
 * the 256 MiB result cap allows (the CLI tests read one of 180 MB back).
 */
class ContractJsonLimitsTest {

    @Test
    void everyReadLimitIsExplicitAndAtLeastTheContractsCaps() {
        StreamReadConstraints limits = ContractJson.mapper().tokenStreamFactory().streamReadConstraints();

        assertThat((long) limits.getMaxStringLength()).isEqualTo(ParserLimits.MAX_RESULT_BYTES)
                .isGreaterThan(StreamReadConstraints.DEFAULT_MAX_STRING_LEN);
        assertThat(limits.getMaxDocumentLength()).isEqualTo(ParserLimits.BUNDLE_JSON_MAX_DOCUMENT_BYTES)
                .isGreaterThan(2 * ParserLimits.MAX_RESULT_BYTES);
        assertThat(limits.getMaxNestingDepth()).isEqualTo(ParserLimits.BUNDLE_JSON_MAX_DEPTH)
                .isGreaterThan(ParserLimits.JSON_MAX_DEPTH);
        assertThat(limits.getMaxNameLength()).isEqualTo(ParserLimits.JSON_MAX_NAME_CHARS);
        assertThat(limits.getMaxNumberLength()).isEqualTo(ParserLimits.JSON_MAX_NUMBER_CHARS);
    }

    @Test
    void aStreamedStringWritesAsTheStringItHolds() {
        String text = "<hierarchy text=\"\uD83D\uDE00 \u00e9 \\ \" \t\"/>";

        assertThat(ContractJson.toJson(java.util.Map.of("text", StreamedString.of(text))))
                .isEqualTo(ContractJson.toJson(java.util.Map.of("text", text)));
    }
}
