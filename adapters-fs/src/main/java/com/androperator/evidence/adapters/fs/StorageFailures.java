package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two storage failures of the file-system adapters, each with its documented details: a write
 * that failed (STORAGE_FAILED: path, causeCode, cause) and a place that cannot be written at all
 * (EVIDENCE_STORAGE_UNWRITABLE: path, causeCode, message, recovery). The causeCode is always the
 * errno word of {@link IoCauses}, the one table, for still capture and video alike.
 */
public final class StorageFailures {
    private StorageFailures() {
    }

    /** STORAGE_FAILED: "Could not {operation} {path}: {cause} ({causeCode})". */
    public static Failure failed(String operation, Path path, String causeCode, String cause) {
        return Failure.ofStorage(ErrorCodes.STORAGE_FAILED,
                "Could not " + operation + " " + path + ": " + cause + " (" + causeCode + ")", Details.NONE,
                new StorageCause(path.toString(), causeCode, cause));
    }

    public static Failure failed(String operation, Path path, IOException cause) {
        return failed(operation, path, IoCauses.causeCode(cause), IoCauses.describe(cause));
    }

    /** EVIDENCE_STORAGE_UNWRITABLE: "{what} {path}: {cause} ({causeCode})". */
    public static Failure unwritable(String what, Path path, String causeCode, String cause, String recovery) {
        return unwritableWorded(what + " " + path + ": " + cause + " (" + causeCode + ")", path, causeCode, cause,
                recovery);
    }

    /** EVIDENCE_STORAGE_UNWRITABLE worded by the caller, with the documented details. */
    public static Failure unwritableWorded(String message, Path path, String causeCode, String cause, String recovery) {
        return Failure.ofStorage(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, message,
                Details.fromJson(unwritableDetails(path, causeCode, cause, recovery)),
                new StorageCause(String.valueOf(path), causeCode, null));
    }

    public static Failure unwritable(String what, Path path, IOException cause, String recovery) {
        return unwritable(what, path, IoCauses.causeCode(cause), IoCauses.describe(cause), recovery);
    }

    /** The documented details of EVIDENCE_STORAGE_UNWRITABLE, in their documented order. */
    private static Map<String, Object> unwritableDetails(Path path, String causeCode, String cause, String recovery) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", String.valueOf(path));
        details.put("causeCode", causeCode);
        details.put("message", cause);
        details.put("recovery", recovery);
        return details;
    }
}
