/** Video for Java callers: start, status and stop of a recording, its detached worker and its host checks. */
@NullMarked
package com.androperator.evidence.api.video;

import org.jspecify.annotations.NullMarked;
