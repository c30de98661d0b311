package com.androperator.evidence.contracts;

/** An enum whose JSON form is a fixed lowercase word, distinct from its Java name. */
public interface WireEnum {
    String wire();

    static <E extends Enum<E> & WireEnum> E fromWire(Class<E> type, String wire) {
        for (E value : type.getEnumConstants()) {
            if (value.wire().equals(wire)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName() + ": " + wire);
    }
}
