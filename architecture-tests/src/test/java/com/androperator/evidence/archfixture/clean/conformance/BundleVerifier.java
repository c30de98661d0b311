package com.androperator.evidence.archfixture.clean.conformance;

import com.androperator.evidence.archfixture.clean.contracts.Record;

/** The verifier's entry point, on every library conformanceJudgesByTheContract allows. */
public final class BundleVerifier {
    private javax.xml.parsers.SAXParserFactory xml;
    private org.xml.sax.XMLReader reader;
    private javax.imageio.ImageReader png;
    private tools.jackson.databind.JsonNode json;
    private com.networknt.schema.Schema schema;
    @com.fasterxml.jackson.annotation.JsonProperty
    private Record record;

    public VerificationReport verify(String bundle) {
        return new VerificationReport(bundle.isEmpty() ? java.util.List.of(new Problem(bundle)) : java.util.List.of());
    }
}
