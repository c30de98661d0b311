package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.ContractJson;
import java.util.Map;

/** Well-formed MCP lines, as a real client sends them. */
final class McpLines {
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    private McpLines() {
    }

    static String ping(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + ContractJson.toJson(id) + ",\"method\":\"ping\"}";
    }

    static String toolsList(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + ContractJson.toJson(id) + ",\"method\":\"tools/list\"}";
    }

    static String toolsCall(Object id, String tool, Map<String, Object> arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + ContractJson.toJson(id) + ",\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"" + tool + "\",\"arguments\":" + ContractJson.toJson(arguments) + "}}";
    }

    /** A JSON-RPC 2.0 error response. */
    static String error(Object id, int code, String message) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + (id == null ? "null" : ContractJson.toJson(id))
                + ",\"error\":{\"code\":" + code + ",\"message\":" + ContractJson.toJson(message) + "}}";
    }
}
