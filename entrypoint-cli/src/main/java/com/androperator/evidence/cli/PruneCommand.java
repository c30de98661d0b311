package com.androperator.evidence.cli;

import com.androperator.evidence.api.EvidencePrune;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.prune.PruneReport;
import com.androperator.evidence.domain.prune.PruneRule;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code androperator evidence prune}: removes managed bundles under the evidence root. It is
 * destructive, so it needs at least one criterion and exists on the command line only (no MCP
 * tool). Bad option values are usage errors (exit 2), since nothing in them can be corrected by
 * the bundles; exit 1 says that something selected could not be removed, or was unreadable.
 */
@Command(name = "prune", sortOptions = false,
        description = {"Remove managed bundles under <evidence root>/bundles (ANDROPERATOR_EVIDENCE_DIR, else"
                + " ~/.androperator/evidence) that match every criterion given; at least one is required.",
                "Never removes a bundle whose video session is starting, recording, finalizing or needs recovery;"
                        + " never follows a symbolic link.",
                "Prints one line per bundle and a total. Exit 0: done; 1: something could not be removed or read;"
                        + " 2: usage error."})
final class PruneCommand implements Callable<Integer> {
    private static final Pattern SHORT_DURATION = Pattern.compile("([0-9]{1,9})([dhm])");

    @Option(names = "--older-than", paramLabel = "DURATION", converter = AgeConverter.class,
            description = "Only bundles that started longer ago than this: 7d, 12h, 30m, or ISO-8601 (P7D, PT12H).")
    Duration olderThan;

    @Option(names = "--keep-last", paramLabel = "N",
            description = "Keep the newest N bundles (of the selected statuses), by start time.")
    Integer keepLast;

    @Option(names = "--status", paramLabel = "STATUS", converter = StatusConverter.class,
            description = "Only bundles with this status: complete, partial or failed. Repeatable.")
    List<BundleStatus> statuses = List.of();

    @Option(names = "--dry-run", description = "Print what would be removed; remove nothing.")
    boolean dryRun;

    @Mixin
    OutputOption format;

    @Spec
    CommandSpec spec;

    private final Io io;

    PruneCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        var badFormat = format.refusal();
        if (badFormat.isPresent()) {
            return io.refuse(badFormat.get(), false);
        }
        Checked<PruneReport> pruned = EvidencePrune.prune(io.environment(), io.workingDirectory(), rule(), dryRun);
        if (pruned.rejection().isPresent()) {
            Failure failure = pruned.rejection().get();
            return io.refuse(CommandResult.refused(failure.code(), failure.message(), failure.details(), null),
                    format.pretty());
        }
        PruneReport report = pruned.valueOrNull();
        PruneOutput.print(report, format.pretty(), io.out());
        return report.complete() ? 0 : 1;
    }

    private PruneRule rule() {
        if (keepLast != null && keepLast < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--keep-last must be 0 or more, got " + keepLast);
        }
        if (olderThan == null && keepLast == null && statuses.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "Give at least one of --older-than, --keep-last, --status: prune never removes every bundle");
        }
        return new PruneRule(Optional.ofNullable(olderThan),
                keepLast == null ? OptionalInt.empty() : OptionalInt.of(keepLast), java.util.Set.copyOf(statuses));
    }

    /** 7d, 12h, 30m, or an ISO-8601 duration (P7D, PT12H); never negative. */
    static final class AgeConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            Duration age = parse(value.trim());
            if (age == null || age.isNegative()) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not a duration: use 7d, 12h, 30m or ISO-8601 such as P7D");
            }
            return age;
        }

        private static Duration parse(String value) {
            Matcher shortForm = SHORT_DURATION.matcher(value);
            if (shortForm.matches()) {
                long amount = Long.parseLong(shortForm.group(1));
                return switch (shortForm.group(2)) {
                    case "d" -> Duration.ofDays(amount);
                    case "h" -> Duration.ofHours(amount);
                    default -> Duration.ofMinutes(amount);
                };
            }
            try {
                return Duration.parse(value);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }

    /** complete, partial or failed: the statuses a finished bundle can have. */
    static final class StatusConverter implements CommandLine.ITypeConverter<BundleStatus> {
        @Override
        public BundleStatus convert(String value) {
            return PruneRule.TERMINAL.stream().filter(status -> status.wire().equals(value.toLowerCase(Locale.ROOT)))
                    .findFirst().orElseThrow(() -> new CommandLine.TypeConversionException(
                            "'" + value + "' is not a status prune selects: use complete, partial or failed"));
        }
    }
}
