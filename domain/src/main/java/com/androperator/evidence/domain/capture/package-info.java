/** The still capture use case: validates a request, runs the screenshot, hierarchy and metadata steps, and writes the bundle. */
@NullMarked
package com.androperator.evidence.domain.capture;

import org.jspecify.annotations.NullMarked;
