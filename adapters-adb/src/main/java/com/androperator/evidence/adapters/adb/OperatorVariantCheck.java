package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import java.util.LinkedHashMap;
import java.util.Map;

/** The package check run before every dispatch: is the selected Operator package the one installed? */
final class OperatorVariantCheck {
    private final AdbServerClient client;
    private final long outputCap;

    OperatorVariantCheck(AdbServerClient client, long outputCap) {
        this.client = client;
        this.outputCap = outputCap;
    }

    /**
     * Null when the selected package is installed, else why the command cannot go on
     * (reference-compat.md §3): the other variant installed instead is OPERATOR_VARIANT_MISMATCH,
     * neither is OPERATOR_NOT_INSTALLED, a query that cannot be read is DEVICE_SHELL_UNAVAILABLE.
     * {@code pm list packages} filters by substring, so only whole lines count.
     */
    OperatorOutcome check(String serial, String operatorPackage, AdbServerClient.ServiceKind kind,
                                           Deadline deadline) {
        PackageQuery selected = queryPackages(serial, operatorPackage, operatorPackage, kind, deadline);
        if (selected.refusal() != null) {
            return selected.refusal();
        }
        if (selected.listing() == PackageDumpParser.Listing.LISTED) {
            return null;
        }
        String other = OperatorGeneration.otherVariant(operatorPackage);
        // The filter of the shorter name lists its .dev variant too: a second query is needed only for the other way.
        PackageQuery variant = PackageDumpParser.listing(selected.packages(), other) == PackageDumpParser.Listing.LISTED
                ? selected.as(PackageDumpParser.Listing.LISTED)
                : queryPackages(serial, operatorPackage, other, kind, deadline);
        if (variant.refusal() != null) {
            return variant.refusal();
        }
        if (variant.listing() == PackageDumpParser.Listing.LISTED) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("expectedPackage", operatorPackage);
            details.put("installedPackage", other);
            return AdbOperatorGateway.notAnswered(ErrorCodes.OPERATOR_VARIANT_MISMATCH, "Expected " + operatorPackage + " but found "
                    + other + " on " + serial + ": the other variant of the Operator is installed; select " + other
                    + " or install " + operatorPackage + " (the package is never switched)", AdbOperatorGateway.PHASE_INSTALLED_CHECK,
                    false, details);
        }
        return AdbOperatorGateway.notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED, "the Operator " + operatorPackage
                + " is not installed on " + serial + " (pm list packages has no package:" + operatorPackage
                + ", nor package:" + other + ")", AdbOperatorGateway.PHASE_INSTALLED_CHECK, false, Map.of());
    }

    /** One {@code pm list packages <name>}: its output and what it says of {@code name}, or why it cannot say. */
    private record PackageQuery(String packages, PackageDumpParser.Listing listing, OperatorOutcome refusal) {
        PackageQuery as(PackageDumpParser.Listing newListing) {
            return new PackageQuery(packages, newListing, refusal);
        }
    }

    private PackageQuery queryPackages(String serial, String operatorPackage, String name,
                                       AdbServerClient.ServiceKind kind, Deadline deadline) {
        StreamResult listing = client.run(serial, kind, "pm list packages " + ShellQuote.quote(name),
                deadline, outputCap, null);
        if (listing.outcome() == StreamResult.Outcome.DEADLINE) {
            return new PackageQuery("", null, AdbOperatorGateway.notAnswered(ErrorCodes.COMMAND_TIMEOUT, "the budget ran out while checking"
                    + " that " + operatorPackage + " is installed", AdbOperatorGateway.PHASE_INSTALLED_CHECK, false, Map.of()));
        }
        if (listing.outcome() == StreamResult.Outcome.CANCELLED) {
            return new PackageQuery("", null, AdbOperatorGateway.notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled while checking that "
                    + operatorPackage + " is installed; nothing was dispatched", AdbOperatorGateway.PHASE_INSTALLED_CHECK, false, Map.of()));
        }
        String packages = listing.stdoutMarked();
        // A package line that is not UTF-8 could be the Operator's: installed or not cannot be told.
        PackageDumpParser.Listing found = listing.succeeded() && Utf8.unreadableLine(packages, "package:").isEmpty()
                ? PackageDumpParser.listing(packages, name)
                : PackageDumpParser.Listing.UNRECOGNIZED;
        if (found == PackageDumpParser.Listing.UNRECOGNIZED) {
            return new PackageQuery(packages, found, AdbOperatorGateway.notAnswered(ErrorCodes.DEVICE_SHELL_UNAVAILABLE, "cannot tell"
                    + " whether " + operatorPackage + " is installed on " + serial + ": pm list packages " + name + " "
                    + listing.describe() + AdbOperatorGateway.withOutput(listing.stdoutDescribed()), AdbOperatorGateway.PHASE_INSTALLED_CHECK, false, Map.of()));
        }
        return new PackageQuery(packages, found, null);
    }
}
