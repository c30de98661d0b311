package com.androperator.evidence.archfixture.clean.conformance;

public record Problem(String code) {
}
