package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.RawJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** An Operator envelope between its exact bytes (as the gateway hands them over) and a map to look into. */
public final class Envelopes {
    private Envelopes() {
    }

    /** The envelope as compact JSON bytes, as the Operator prints it. */
    public static RawJson raw(Map<String, Object> envelope) {
        return RawJson.of(ContractJson.toBytes(envelope));
    }

    /** The envelope's fields, in order. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(RawJson envelope) {
        try (InputStream in = envelope.openUtf8()) {
            return ContractJson.mapper().readValue(in, LinkedHashMap.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
