package com.androperator.evidence.kit.engine;

import com.androperator.evidence.kit.video.VideoHost;
import java.nio.file.Path;

/**
 * How the kit runs: the implementation's CLI command prefix and MCP server command (either may be
 * null: its scenarios are then skipped), the media tools it found, where scenario workspaces go and
 * whether they are kept afterwards.
 */
public record KitSettings(String cli, String mcp, VideoHost video, Path workspaces, boolean keep) {
}
