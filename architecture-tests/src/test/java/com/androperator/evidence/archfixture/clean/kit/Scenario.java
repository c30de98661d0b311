package com.androperator.evidence.archfixture.clean.kit;

/** One scenario: the kit depends on the kit. */
record Scenario(String name) {
}
