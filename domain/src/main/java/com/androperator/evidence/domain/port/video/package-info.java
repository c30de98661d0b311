/** Ports of the video session: recorder, encoder, verifier, locks, session store and host probes. */
@NullMarked
package com.androperator.evidence.domain.port.video;

import org.jspecify.annotations.NullMarked;
