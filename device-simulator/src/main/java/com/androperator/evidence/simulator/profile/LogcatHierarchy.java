package com.androperator.evidence.simulator.profile;

/**
 * How a {@link OperatorGeneration#CLAWPERATOR_LOGCAT} Operator logs its hierarchy before the
 * result: at priority D under {@link #TAG}, a marker, then one record per line of the hierarchy
 * file. The untagged marker or a script makes an Operator of any generation log instead of
 * returning {@code data.text}.
 *
 * @param untaggedMarker log the oldest form, {@code [TaskScope] UI Hierarchy:} without the
 *     command id, instead of {@code [TaskScope] UI Hierarchy [commandId=<id>]:}
 * @param script when not null, a file whose lines are played instead of the marker and the
 *     hierarchy's lines: each {@code L/TAG: message} (L one of VDIWEF), {@code {commandId}} in a
 *     message replaced by the command's id; for logs no well-behaved Operator writes (other tags
 *     in between, records after the XML, a second marker)
 */
public record LogcatHierarchy(boolean untaggedMarker, ProfileFile script) {
    /** The tag debug builds log the hierarchy under. */
    public static final String TAG = "TaskScopeDefault";
    public static final LogcatHierarchy TAGGED = new LogcatHierarchy(false, null);
    public static final LogcatHierarchy UNTAGGED = new LogcatHierarchy(true, null);

    public static LogcatHierarchy scripted(ProfileFile script) {
        return new LogcatHierarchy(false, script);
    }
}
