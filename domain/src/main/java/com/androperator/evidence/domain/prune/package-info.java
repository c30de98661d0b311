/** Pruning managed bundles: which to remove by age, count and status, never an active recording. */
@NullMarked
package com.androperator.evidence.domain.prune;

import org.jspecify.annotations.NullMarked;
