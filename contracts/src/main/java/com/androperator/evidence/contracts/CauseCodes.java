package com.androperator.evidence.contracts;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The one errno table: the POSIX errno words that storage failures carry as {@code details.causeCode}
 * (EVIDENCE_STORAGE_UNWRITABLE, STORAGE_FAILED), with the OS's strerror text for each. Java (and
 * ffmpeg) report most errnos only as that text, so every adapter that names a cause, for still
 * capture and for video alike, reads it through this table; anything unrecognised is {@link #EIO}.
 */
public final class CauseCodes {
    public static final String ENOSPC = "ENOSPC";
    public static final String EROFS = "EROFS";
    public static final String EACCES = "EACCES";
    public static final String EPERM = "EPERM";
    public static final String EDQUOT = "EDQUOT";
    public static final String ENOTDIR = "ENOTDIR";
    public static final String EISDIR = "EISDIR";
    public static final String ENOENT = "ENOENT";
    public static final String EEXIST = "EEXIST";
    public static final String ENOTEMPTY = "ENOTEMPTY";
    public static final String EMFILE = "EMFILE";
    public static final String ENAMETOOLONG = "ENAMETOOLONG";
    public static final String ELOOP = "ELOOP";
    public static final String EFBIG = "EFBIG";
    public static final String EINVAL = "EINVAL";
    public static final String EBADMSG = "EBADMSG";
    public static final String EIO = "EIO";
    /**
     * Not an errno: the project's word for a write refused because the bundle's manifest is already
     * terminal (the contract never modifies a terminal bundle). It has no strerror text, so no
     * message is ever matched to it.
     */
    public static final String ETERMINAL = "ETERMINAL";

    /** Causes that mean the storage (or the process's file-size limit) is exhausted, not broken. */
    public static final Set<String> STORAGE_EXHAUSTED = Set.of(ENOSPC, EFBIG, EDQUOT);

    /** An errno word and its strerror text as glibc words it. */
    public record Cause(String code, String strerror) {
    }

    /** In match order: the first whose text a message contains names the cause. */
    private static final List<Cause> TABLE = List.of(
            new Cause(ENOSPC, "No space left on device"),
            new Cause(EROFS, "Read-only file system"),
            new Cause(EACCES, "Permission denied"),
            new Cause(EPERM, "Operation not permitted"),
            new Cause(EDQUOT, "Disk quota exceeded"),
            new Cause(ENOTDIR, "Not a directory"),
            new Cause(EISDIR, "Is a directory"),
            new Cause(ENOENT, "No such file or directory"),
            new Cause(EEXIST, "File exists"),
            new Cause(ENOTEMPTY, "Directory not empty"),
            new Cause(EMFILE, "Too many open files"),
            new Cause(ENAMETOOLONG, "File name too long"),
            new Cause(ELOOP, "Too many levels of symbolic links"),
            new Cause(EFBIG, "File too large"),
            new Cause(EINVAL, "Invalid argument"),
            new Cause(EBADMSG, "Bad message"),
            new Cause(EIO, "Input/output error"));

    private CauseCodes() {
    }

    /** The cause whose strerror text {@code text} contains (case-insensitively), if any. */
    public static Optional<Cause> inText(@Nullable String text) {
        return find(text, false);
    }

    /** The exhausted-storage cause ({@link #STORAGE_EXHAUSTED}) whose strerror text {@code text} contains, if any. */
    public static Optional<Cause> exhaustionInText(@Nullable String text) {
        return find(text, true);
    }

    /** The errno word named in {@code text}, else {@link #EIO}. */
    public static String codeOf(@Nullable String text) {
        return inText(text).map(Cause::code).orElse(EIO);
    }

    public static boolean isStorageExhausted(@Nullable Object causeCode) {
        return causeCode instanceof String code && STORAGE_EXHAUSTED.contains(code);
    }

    /** The strerror text of {@code code}, when the table has it. */
    public static Optional<String> strerror(String code) {
        return TABLE.stream().filter(cause -> cause.code().equals(code)).map(Cause::strerror).findFirst();
    }

    private static Optional<Cause> find(@Nullable String text, boolean exhaustedOnly) {
        if (text == null) {
            return Optional.empty();
        }
        String lower = text.toLowerCase(Locale.ROOT);
        for (Cause cause : TABLE) {
            if ((!exhaustedOnly || STORAGE_EXHAUSTED.contains(cause.code()))
                    && lower.contains(cause.strerror().toLowerCase(Locale.ROOT))) {
                return Optional.of(cause);
            }
        }
        return Optional.empty();
    }
}
