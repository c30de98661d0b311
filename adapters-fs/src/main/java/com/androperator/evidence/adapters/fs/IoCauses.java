package com.androperator.evidence.adapters.fs;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Names an I/O failure with its POSIX errno word (EACCES, EROFS, ENOSPC, ...). Java reports most
 * errnos only as strerror text in the exception, so the text is matched where the type says
 * nothing more; anything unrecognised is EIO.
 */
public final class IoCauses {
    private static final String[][] STRERROR_TO_CODE = {
            {"no space left on device", "ENOSPC"},
            {"read-only file system", "EROFS"},
            {"permission denied", "EACCES"},
            {"operation not permitted", "EPERM"},
            {"disk quota exceeded", "EDQUOT"},
            {"not a directory", "ENOTDIR"},
            {"is a directory", "EISDIR"},
            {"no such file or directory", "ENOENT"},
            {"file exists", "EEXIST"},
            {"too many open files", "EMFILE"},
            {"file name too long", "ENAMETOOLONG"},
            {"too many levels of symbolic links", "ELOOP"},
            {"file too large", "EFBIG"},
            {"input/output error", "EIO"},
    };

    private IoCauses() {
    }

    public static String causeCode(IOException failure) {
        String typed = codeFromType(failure);
        if (typed != null) {
            return typed;
        }
        String text = describe(failure).toLowerCase(Locale.ROOT);
        for (String[] entry : STRERROR_TO_CODE) {
            if (text.contains(entry[0])) {
                return entry[1];
            }
        }
        return "EIO";
    }

    /** The cause in words: the OS reason where Java has one, else the message, else the type. */
    public static String describe(IOException failure) {
        if (failure instanceof FileSystemException fileSystem) {
            if (fileSystem.getReason() != null) {
                return fileSystem.getReason();
            }
            // Without a reason, a FileSystemException's message is only the path.
            String typed = codeFromType(failure);
            if (typed == null) {
                return failure.getClass().getSimpleName();
            }
            return switch (typed) {
                case "EACCES" -> "Permission denied";
                case "EEXIST" -> "File exists";
                case "ENOENT" -> "No such file or directory";
                case "ENOTDIR" -> "Not a directory";
                default -> "Directory not empty";
            };
        }
        if (failure.getMessage() != null && !failure.getMessage().isBlank()) {
            return failure.getMessage();
        }
        return failure.getClass().getSimpleName();
    }

    private static String codeFromType(IOException failure) {
        if (failure instanceof AccessDeniedException) {
            return "EACCES";
        }
        if (failure instanceof FileAlreadyExistsException) {
            return "EEXIST";
        }
        if (failure instanceof NoSuchFileException) {
            return "ENOENT";
        }
        if (failure instanceof NotDirectoryException) {
            return "ENOTDIR";
        }
        if (failure instanceof DirectoryNotEmptyException) {
            return "ENOTEMPTY";
        }
        return null;
    }
}
