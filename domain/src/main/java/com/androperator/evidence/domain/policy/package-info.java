/** Pure rules of the domain: request validation, device classification, metadata reading and bundle status. */
@NullMarked
package com.androperator.evidence.domain.policy;

import org.jspecify.annotations.NullMarked;
