package com.androperator.evidence.contracts;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The context a caller passed, as parsed and not yet checked: CLI text read as JSON, an MCP
 * argument, a Java caller's value; null when the caller left it out. It may be anything (an array,
 * a number, a tree with a non-JSON leaf): the request's rules read {@link #parsed()} to check it,
 * once, and only then ask for {@link #accepted()}, the {@link CallerContext} the manifest records.
 * Turning the caller's map into that value is this type's job, so the domain that checks it never
 * makes one from a map itself.
 */
public record CallerJson(@Nullable Object parsed) {
    /** No context given: accepted as {@code {}}. */
    public static final CallerJson OMITTED = new CallerJson(null);

    public static CallerJson of(@Nullable Object parsed) {
        return parsed == null ? OMITTED : new CallerJson(parsed);
    }

    /**
     * The context this value makes once the request's rules accepted it: {@code {}} when omitted,
     * else a deep read-only copy of the caller's object ({@link CallerContext#copyOf}).
     */
    public CallerContext accepted() {
        if (parsed == null) {
            return CallerContext.EMPTY;
        }
        Checks.check(parsed instanceof Map<?, ?>, "only a JSON object is accepted as a context");
        return CallerContext.copyOf((Map<?, ?>) parsed);
    }
}
