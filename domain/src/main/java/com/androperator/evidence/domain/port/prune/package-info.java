/** The port through which pruning reads and removes managed bundles. */
@NullMarked
package com.androperator.evidence.domain.port.prune;

import org.jspecify.annotations.NullMarked;
