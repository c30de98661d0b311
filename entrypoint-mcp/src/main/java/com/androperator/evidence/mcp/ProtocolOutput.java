package com.androperator.evidence.mcp;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stdout as the protocol channel: each message is serialized to one line (compact JSON escapes
 * every line break inside strings) and written whole under one lock, so answers written from
 * several tool-call threads never interleave.
 */
final class ProtocolOutput {
    private static final Logger LOG = LoggerFactory.getLogger(ProtocolOutput.class);

    private final OutputStream out;
    private boolean closed;

    ProtocolOutput(OutputStream out) {
        this.out = new BufferedOutputStream(out, 64 * 1024);
    }

    /** Writes one message as one line. After a failed write (the client closed stdout) nothing more is written. */
    void write(Object message) {
        byte[] line;
        try {
            line = JsonRpcLines.PROTOCOL_JSON.writeValueAsBytes(message);
        } catch (IOException e) {
            throw new UncheckedIOException("a protocol message could not be serialized", e);
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            try {
                out.write(line);
                out.write('\n');
                out.flush();
            } catch (IOException e) {
                closed = true;
                LOG.warn("stdout is closed ({}): no more answers are written; the server exits when stdin closes",
                        e.getMessage());
            }
        }
    }

    /** A JSON-RPC error response; {@code id} null when the request's id could not be read. */
    static Map<String, Object> error(Object id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", id);
        response.put("error", error);
        return response;
    }
}
