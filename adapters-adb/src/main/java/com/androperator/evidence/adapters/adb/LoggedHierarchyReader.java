package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.NonBlank;
import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchyScan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collects one command's hierarchy from the logcat records of its window, as Operators before
 * Clawperator 0.12.3 log it (reference-compat.md §3): a record
 * {@code [TaskScope] UI Hierarchy [commandId=<id>]:} (text after the colon is the first XML line),
 * then one record per XML line under the marker's tag. Collection stops at a same-tag record whose
 * trimmed text starts with {@code [}, at a record equal to {@code </hierarchy>} (kept), at the
 * next marker of any tag, or at the end of the window; the lines are joined with {@code \n} and
 * trimmed (ECMA-262 white space, as the reference's {@code trim()}). Records of other tags in
 * between are skipped. Verification is the capture's, as for any hierarchy.
 *
 * <p>Memory stays bounded: records are scanned as bytes, only marker records and the collected
 * ones are decoded (strictly: a record that is not UTF-8 makes the hierarchy unusable, never
 * replaced), and the lines go to a {@link ResultSpool} (memory up to a few MiB, then a private
 * temporary file), at most {@link ParserLimits#MAX_RESULT_BYTES}. Not thread-safe: one reader
 * thread feeds it.
 */
final class LoggedHierarchyReader implements AutoCloseable {
    static final String UNTAGGED_MARKER = "[TaskScope] UI Hierarchy:";
    private static final Pattern MARKER = Pattern.compile("^\\[TaskScope\\] UI Hierarchy \\[commandId=([^\\]]+)]:\\s*(.*)$");
    private static final ByteSearch MARKER_PREFIX = new ByteSearch("[TaskScope] UI Hierarchy".getBytes(StandardCharsets.US_ASCII));
    /** {@code logcat -v time}: {@code MM-DD HH:MM:SS.mmm L/TAG( PID): message} (the tag padded to 8). */
    private static final Pattern RECORD = Pattern.compile(
            "^\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d+ [VDIWEFAS]/(.*?)\\(\\s*\\d+\\): ?");
    private static final String CLOSING = "</hierarchy>";

    private enum State { WAITING, COLLECTING, DONE }

    private final String commandId;
    private final long maxBytes;
    private State state = State.WAITING;
    private String tag;
    private ResultSpool spool;
    /** Spool length up to the last character that is not white space: the trimmed end. */
    private long trimmedEnd;
    private long records;
    private boolean untaggedMarkerSeen;
    private boolean markerFound;
    private String unusable;
    private String stoppedBy;

    LoggedHierarchyReader(String commandId) {
        this(commandId, ParserLimits.MAX_RESULT_BYTES);
    }

    LoggedHierarchyReader(String commandId, long maxBytes) {
        this.commandId = commandId;
        this.maxBytes = maxBytes;
    }

    /** Feeds one logcat line of the window (without its line break); {@code cut} when only its first bytes are given. */
    void accept(byte[] line, int length, boolean cut) {
        if (state == State.DONE) {
            return;
        }
        if (state == State.WAITING && MARKER_PREFIX.indexOf(line, 0, length) < 0) {
            return;
        }
        Optional<Record> parsed = Record.parse(line, length);
        if (parsed.isEmpty()) {
            return;
        }
        Record record = parsed.get();
        if (state == State.WAITING) {
            waiting(record);
        } else {
            collecting(record, cut);
        }
    }

    private void waiting(Record record) {
        String message = record.lenientMessage();
        Matcher marker = MARKER.matcher(message);
        if (marker.matches() && marker.group(1).equals(commandId)) {
            markerFound = true;
            Optional<String> strict = record.strictMessage();
            if (strict.isEmpty()) {
                finish("unusable", "the hierarchy marker record is not UTF-8: " + record.utf8Problem());
                return;
            }
            Matcher exact = MARKER.matcher(strict.get());
            exact.matches();
            tag = record.tag();
            state = State.COLLECTING;
            spool = new ResultSpool(ParserLimits.RESULT_IN_MEMORY_BYTES);
            append(exact.group(2));
        } else if (message.strip().startsWith(UNTAGGED_MARKER)) {
            untaggedMarkerSeen = true;
        }
    }

    private void collecting(Record record, boolean cut) {
        String lenient = record.lenientMessage();
        if (MARKER.matcher(lenient).matches() || lenient.strip().startsWith(UNTAGGED_MARKER)) {
            finish("next_marker", null);
            return;
        }
        if (!record.tag().equals(tag)) {
            return;
        }
        if (cut) {
            finish("unusable", "a hierarchy record is longer than the " + ParserLimits.MAX_LOGCAT_LINE_BYTES
                    + "-byte line limit; it is refused, not cut");
            return;
        }
        Optional<String> strict = record.strictMessage();
        if (strict.isEmpty()) {
            finish("unusable", "hierarchy record " + (records + 1) + " is not UTF-8: " + record.utf8Problem());
            return;
        }
        String text = strict.get();
        String trimmed = trim(text);
        if (trimmed.startsWith("[")) {
            finish("bracket_record", null);
            return;
        }
        append(text);
        if (trimmed.equals(CLOSING)) {
            finish("closing_tag", null);
        }
    }

    private void append(String line) {
        records++;
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        try {
            if (spool.size() + 1 + bytes.length > maxBytes) {
                finish("unusable", "the logged hierarchy is longer than " + maxBytes + " bytes");
                return;
            }
            String kept = line;
            if (trimmedEnd == 0) {
                // Nothing but white space so far: the join's leading part is trimmed away as it comes.
                kept = stripLeading(line);
                if (kept.isEmpty()) {
                    return;
                }
                bytes = kept.getBytes(StandardCharsets.UTF_8);
            } else {
                spool.append(new byte[] {'\n'}, 0, 1);
            }
            long before = spool.size();
            spool.append(bytes, 0, bytes.length);
            String end = stripTrailing(kept);
            if (!end.isEmpty()) {
                trimmedEnd = before + (end.length() == kept.length() ? bytes.length
                        : end.getBytes(StandardCharsets.UTF_8).length);
            }
        } catch (IOException e) {
            finish("unusable", "the logged hierarchy could not be spooled: " + e);
        }
    }

    private void finish(String reason, String problem) {
        state = State.DONE;
        stoppedBy = reason;
        unusable = problem;
    }

    /** What the window held, once it is over (the result arrived): the end of the window ends collection. */
    LoggedHierarchy result() {
        if (state == State.COLLECTING) {
            finish("end_of_result", null);
        }
        if (unusable != null) {
            return new LoggedHierarchy.Unusable(unusable);
        }
        if (spool != null) {
            return new LoggedHierarchy.Found(new SpooledString(spool, 0, trimmedEnd), records);
        }
        return untaggedMarkerSeen ? new LoggedHierarchy.UntaggedMarkerOnly() : new LoggedHierarchy.Absent();
    }

    /** How collection went, for the reader's diagnostics. */
    LoggedHierarchyScan diagnostics() {
        return new LoggedHierarchyScan(markerFound, tag, records, trimmedEnd,
                state == State.COLLECTING ? "end_of_result" : stoppedBy, untaggedMarkerSeen,
                spool != null && spool.spooledToDisk());
    }

    @Override
    public void close() {
        if (spool != null) {
            spool.close();
        }
    }

    static String trim(String text) {
        return stripTrailing(stripLeading(text));
    }

    private static String stripLeading(String text) {
        int start = 0;
        while (start < text.length() && NonBlank.isEcmaWhiteSpace(text.charAt(start))) {
            start++;
        }
        return text.substring(start);
    }

    private static String stripTrailing(String text) {
        int end = text.length();
        while (end > 0 && NonBlank.isEcmaWhiteSpace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** One {@code logcat -v time} record: its tag, and its message's bytes. */
    private record Record(String tag, byte[] line, int messageAt, int length) {
        static Optional<Record> parse(byte[] line, int length) {
            // The prefix is ASCII but for the tag; it is read leniently, the message strictly when it matters.
            String head = new String(line, 0, Math.min(length, 512), StandardCharsets.ISO_8859_1);
            Matcher matcher = RECORD.matcher(head);
            if (!matcher.find()) {
                return Optional.empty();
            }
            byte[] tagBytes = matcher.group(1).stripTrailing().getBytes(StandardCharsets.ISO_8859_1);
            return Optional.of(new Record(new String(tagBytes, StandardCharsets.UTF_8), line, matcher.end(), length));
        }

        String lenientMessage() {
            return new String(line, messageAt, length - messageAt, StandardCharsets.UTF_8);
        }

        Optional<String> strictMessage() {
            return Utf8.strict(line, messageAt, length - messageAt);
        }

        String utf8Problem() {
            return Utf8.problem(line, messageAt, length - messageAt).orElse("");
        }
    }
}
