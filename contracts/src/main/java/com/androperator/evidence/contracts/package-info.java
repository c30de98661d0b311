/** The evidence bundle contract: manifest, captures and result records, their codes and checks. */
@NullMarked
package com.androperator.evidence.contracts;

import org.jspecify.annotations.NullMarked;
