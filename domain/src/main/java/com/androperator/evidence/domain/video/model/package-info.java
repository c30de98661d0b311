/** Values of a video session: its state, heartbeat, stop request, frame runs and host tools. */
@NullMarked
package com.androperator.evidence.domain.video.model;

import org.jspecify.annotations.NullMarked;
