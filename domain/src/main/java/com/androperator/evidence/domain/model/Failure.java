package com.androperator.evidence.domain.model;

import com.androperator.evidence.contracts.Details;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A device-side or host-side failure as a value: a documented code, a message that says what
 * happened, diagnostics kept for the bundle (never null; empty when there are none), for a refused
 * request the request field to fix (null when the failure is not about one), and, when the message
 * is "{@code <subject> <complaint>}" (an option's name, then what is wrong with its value), that
 * {@code complaint} on its own (else null), so that a caller who names the value differently (an
 * environment variable) words its own message without taking this one apart, and, for a storage
 * failure, the operating system's reason as a {@link StorageCause} (else null), whose documented
 * keys the details carry too.
 */
public record Failure(String code, String message, Details details, @Nullable RequestField field,
                      @Nullable String complaint, @Nullable StorageCause storageCause) {
    public Failure {
        if (code == null || code.isBlank() || message == null || message.isBlank()) {
            throw new IllegalArgumentException("a failure has a code and a message");
        }
        if (complaint != null && !message.endsWith(complaint)) {
            throw new IllegalArgumentException("a failure's complaint ends its message");
        }
        if (storageCause != null) {
            Details.Builder described = (details == null ? Details.NONE : details).toBuilder();
            storageCause.describeIn(described);
            details = described.build();
        } else if (details == null) {
            details = Details.NONE;
        }
    }

    /** A failure with a subject and a complaint, not caused by storage. */
    public Failure(String code, String message, Details details, @Nullable RequestField field,
                   @Nullable String complaint) {
        this(code, message, details, field, complaint, null);
    }

    /** A storage failure: {@code details} (in their documented order) plus the cause's keys. */
    public static Failure ofStorage(String code, String message, Details details, StorageCause cause) {
        return new Failure(code, message, details, null, null, cause);
    }

    /** The operating system's reason, when storage failed. */
    public Optional<StorageCause> storageCauseIfAny() {
        return Optional.ofNullable(storageCause);
    }

    /** This failure with other words and details, the same storage cause kept. */
    public Failure reworded(String newCode, String newMessage, Details newDetails) {
        return new Failure(newCode, newMessage, newDetails, null, null, storageCause);
    }

    /** A failure whose message is not a subject and a complaint. */
    public Failure(String code, String message, Details details, @Nullable RequestField field) {
        this(code, message, details, field, null);
    }

    /** A failure that is not about one request field. */
    public Failure(String code, String message, Details details) {
        this(code, message, details, null);
    }

    /** {@code "<subject> <complaint>"}, the complaint kept as its own field. */
    public static Failure about(String code, String subject, String complaint, Details details,
                                @Nullable RequestField field) {
        return new Failure(code, subject + " " + complaint, details, field, complaint);
    }

    public static Failure of(String code, String message) {
        return new Failure(code, message, Details.NONE);
    }

    /** The request field this failure asks the caller to fix, if it is about one. */
    public Optional<RequestField> requestField() {
        return Optional.ofNullable(field);
    }

    /** What is wrong, without the subject the message names first, if the message was built that way. */
    public Optional<String> complaintAlone() {
        return Optional.ofNullable(complaint);
    }
}
