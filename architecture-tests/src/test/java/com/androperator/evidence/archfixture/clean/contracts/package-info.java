/** Fixture: a contracts package states its nullness, as the product's do (an allowance of its rule). */
@NullMarked
package com.androperator.evidence.archfixture.clean.contracts;

import org.jspecify.annotations.NullMarked;
