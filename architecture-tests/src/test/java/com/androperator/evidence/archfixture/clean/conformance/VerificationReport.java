package com.androperator.evidence.archfixture.clean.conformance;

public record VerificationReport(java.util.List<Problem> problems) {
}
