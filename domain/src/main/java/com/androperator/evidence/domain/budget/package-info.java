/** Time and cancellation budgets of device work: deadlines on the monotonic clock, and the caller's cancellation. */
@NullMarked
package com.androperator.evidence.domain.budget;

import org.jspecify.annotations.NullMarked;
