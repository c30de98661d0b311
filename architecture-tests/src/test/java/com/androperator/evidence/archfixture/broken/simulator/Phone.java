package com.androperator.evidence.archfixture.broken.simulator;

public final class Phone {
}
