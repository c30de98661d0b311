package com.androperator.evidence.archfixture.broken.daemon;

/** Breaks daemonStandsAlone: the daemon names the cli edge that depends on it. */
final class ReachesCli {
    private com.androperator.evidence.archfixture.broken.cli.Command command;
}

/** Breaks daemonStandsAlone: the daemon names the MCP edge. */
final class ReachesMcp {
    private com.androperator.evidence.archfixture.broken.mcp.Tool tool;
}

/** Breaks daemonStandsAlone: the daemon parses command lines with picocli. */
final class ReachesPicocli {
    private picocli.CommandLine commandLine;
}
