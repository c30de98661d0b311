package com.androperator.evidence.kit.engine;

/** What a scenario drives: the CLI (--cli), the MCP server (--mcp), and whether it records video (ffmpeg 6.1+). */
public enum Surface {
    CLI("cli", true, false, false),
    CLI_VIDEO("cli video", true, false, true),
    MCP("mcp", false, true, false),
    MCP_VIDEO("mcp video", false, true, true);

    private final String label;
    private final boolean cli;
    private final boolean mcp;
    private final boolean video;

    Surface(String label, boolean cli, boolean mcp, boolean video) {
        this.label = label;
        this.cli = cli;
        this.mcp = mcp;
        this.video = video;
    }

    public String label() {
        return label;
    }

    public boolean needsCli() {
        return cli;
    }

    public boolean needsMcp() {
        return mcp;
    }

    public boolean records() {
        return video;
    }
}
