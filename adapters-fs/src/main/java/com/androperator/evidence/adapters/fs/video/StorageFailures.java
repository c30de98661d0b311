package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** EVIDENCE_STORAGE_UNWRITABLE with the documented details: path, causeCode, message and recovery. */
final class StorageFailures {
    private StorageFailures() {
    }

    static Failure unwritable(String what, Path path, String causeCode, String cause, String recovery) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", path.toString());
        details.put("causeCode", causeCode);
        details.put("message", cause);
        details.put("recovery", recovery);
        return new Failure(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, what + " " + path + ": " + cause + " (" + causeCode + ")",
                details);
    }
}
