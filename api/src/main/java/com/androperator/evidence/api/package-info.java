/** The Java API and composition root: capture and video for Java callers, and the wiring every edge uses. */
@NullMarked
package com.androperator.evidence.api;

import org.jspecify.annotations.NullMarked;
