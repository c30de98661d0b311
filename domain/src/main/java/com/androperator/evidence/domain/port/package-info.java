/** Ports of the still capture: what the domain asks of the device, the store and the host. */
@NullMarked
package com.androperator.evidence.domain.port;

import org.jspecify.annotations.NullMarked;
