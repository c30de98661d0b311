/** The video session use cases: start, worker, finalization and the session's manifests and results. */
@NullMarked
package com.androperator.evidence.domain.video;

import org.jspecify.annotations.NullMarked;
