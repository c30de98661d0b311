package com.androperator.evidence.archfixture.clean.kit;

import com.androperator.evidence.archfixture.clean.conformance.BundleVerifier;
import com.androperator.evidence.archfixture.clean.conformance.ContractSchemas;
import com.androperator.evidence.archfixture.clean.conformance.Problem;
import com.androperator.evidence.archfixture.clean.conformance.VerificationReport;
import com.androperator.evidence.archfixture.clean.conformance.content.Oracle;
import com.androperator.evidence.archfixture.clean.simulator.Phone;

/** Uses each of kitJudgesIndependently's allowances (and the simulator, which only the kit may). */
public final class Judge {
    private javax.xml.stream.XMLStreamReader xml;
    private tools.jackson.databind.JsonNode json;
    private ContractSchemas schemas;
    private ContractSchemas.Entry schema;
    private final Phone phone = new Phone();
    private final Scenario scenario = new Scenario("capture");

    public boolean judge(String bundle) {
        VerificationReport report = new BundleVerifier().verify(bundle);
        return report.problems().stream().map(Problem::code).findAny().isEmpty()
                && new Oracle().decodes(phone.screenshot());
    }
}
