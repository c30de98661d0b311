package com.androperator.evidence.archfixture.broken.api;

public final class Root {
}
