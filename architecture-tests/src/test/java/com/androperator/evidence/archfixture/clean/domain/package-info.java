/** Fixture: a domain package states its nullness, as the product's do (an allowance of its rule). */
@NullMarked
package com.androperator.evidence.archfixture.clean.domain;

import org.jspecify.annotations.NullMarked;
