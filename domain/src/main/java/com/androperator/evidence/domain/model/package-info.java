/** Values the use cases share: checked caller input, failures with their hints, observations. */
@NullMarked
package com.androperator.evidence.domain.model;

import org.jspecify.annotations.NullMarked;
