package com.androperator.evidence.archfixture.clean.contracts;

public record Record(String value) {
}
