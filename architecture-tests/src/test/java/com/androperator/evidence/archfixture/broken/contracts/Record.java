package com.androperator.evidence.archfixture.broken.contracts;

public record Record(String value) {
}
