package com.androperator.evidence.mcp;

/**
 * The explicit target an MCP session may be configured with ({@code androperator-mcp --device S
 * --operator-package P}). A tool call's own deviceId/operatorPackage win; the target only fills
 * what a call leaves out. Either part may be null.
 */
record SessionTarget(String deviceId, String operatorPackage) {
    String device(String given) {
        return given != null ? given : deviceId;
    }

    String operator(String given) {
        return given != null ? given : operatorPackage;
    }
}
