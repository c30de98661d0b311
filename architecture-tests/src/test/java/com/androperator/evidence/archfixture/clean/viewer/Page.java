package com.androperator.evidence.archfixture.clean.viewer;

import com.androperator.evidence.archfixture.clean.conformance.BundleVerifier;
import com.androperator.evidence.archfixture.clean.conformance.Problem;
import com.androperator.evidence.archfixture.clean.conformance.VerificationReport;
import com.androperator.evidence.archfixture.clean.contracts.Record;

/** Uses each of viewerOnlyReadsBundles' allowances. */
public final class Page {
    private javax.xml.stream.XMLStreamReader xml;
    private tools.jackson.core.JsonParser json;
    private Record record;

    public String render(String bundle) {
        VerificationReport report = new BundleVerifier().verify(bundle);
        return new Sections().heading(bundle)
                + report.problems().stream().map(Problem::code).findFirst().orElse("conforms");
    }
}
