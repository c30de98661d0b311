package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.CauseCodes;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Names an I/O failure with its POSIX errno word (EACCES, EROFS, ENOSPC, ...). Java reports most
 * errnos only as strerror text in the exception, so the text is matched against the one errno
 * table ({@link CauseCodes}) where the type says nothing more; anything unrecognised is EIO.
 */
public final class IoCauses {
    private IoCauses() {
    }

    public static String causeCode(IOException failure) {
        String typed = codeFromType(failure);
        if (typed != null) {
            return typed;
        }
        return CauseCodes.codeOf(describe(failure));
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
            return CauseCodes.strerror(typed).orElseThrow();
        }
        if (failure.getMessage() != null && !failure.getMessage().isBlank()) {
            return failure.getMessage();
        }
        return failure.getClass().getSimpleName();
    }

    private static String codeFromType(IOException failure) {
        if (failure instanceof AccessDeniedException) {
            return CauseCodes.EACCES;
        }
        if (failure instanceof FileAlreadyExistsException) {
            return CauseCodes.EEXIST;
        }
        if (failure instanceof NoSuchFileException) {
            return CauseCodes.ENOENT;
        }
        if (failure instanceof NotDirectoryException) {
            return CauseCodes.ENOTDIR;
        }
        if (failure instanceof DirectoryNotEmptyException) {
            return CauseCodes.ENOTEMPTY;
        }
        return null;
    }
}
