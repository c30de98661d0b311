package com.androperator.evidence.kit.judge;

import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.ContractSchemas;
import com.androperator.evidence.conformance.Problem;
import com.androperator.evidence.conformance.VerificationReport;
import com.androperator.evidence.kit.engine.Child;
import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.engine.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The judgments every scenario shares: a result object against the published result schema, a
 * bundle against the published schemas and invariants (conformance's BundleVerifier and its own
 * PNG/XML/UTF-8 oracle), error codes against {@link ExpectedCodes}, and files outside the bundle.
 */
public final class Checks {
    private Checks() {
    }

    /** stdout as exactly one JSON object; the scenario ends when it is not one. */
    public static JsonNode result(Verdict v, String what, Child.Result child) {
        v.require(!child.hung(), what + ": the command finishes", "an exit within " + Child.HANG_LIMIT.toSeconds() + " s",
                child.describe());
        StringBuilder why = new StringBuilder();
        JsonNode result = Json.parse(child.stdout(), why).orElse(null);
        v.require(result != null && result.isObject(), what + ": stdout is one JSON object", "one JSON object",
                (result == null ? why + "; " : "") + child.describe());
        resultSchema(v, what, result);
        return result;
    }

    /** Every violation of result-1.schema.json is a finding. */
    public static void resultSchema(Verdict v, String what, JsonNode result) {
        for (ContractSchemas.Violation violation : ContractSchemas.validate(ContractSchemas.Document.RESULT, result)) {
            v.check(false, what + " conforms to result-1.schema.json", "no violation",
                    "at '" + violation.pointer() + "': " + violation.message());
        }
    }

    /** The bundle conforms: schemas, invariants, hashes, partial names, modes, content proven from the bytes. */
    public static VerificationReport conforms(Verdict v, Path bundle) {
        VerificationReport report = new BundleVerifier().verify(bundle);
        for (Problem problem : report.problems()) {
            v.check(false, "bundle conforms (schemas, invariants, hashes, modes; evidence verify)", "no problem",
                    problem.code() + " at " + problem.path() + ": " + problem.message());
        }
        return report;
    }

    /** An artifact's error against a row of the code table ({@code operatorCode} for {@link ExpectedCodes#OPERATOR_FAILED}). */
    public static void artifactError(Verdict v, BundleView bundle, String kind, ExpectedCodes expected, String operatorCode) {
        JsonNode error = bundle.artifact(kind).path("error");
        String code = expected.code() == null ? operatorCode : expected.code();
        v.codeEqual(kind + " artifact error code (" + expected.source() + ")", code, Json.text(error, "code"));
        if (expected.stage() != null) {
            v.codeEqual(kind + " artifact error stage (" + expected.source() + ")", expected.stage(), Json.text(error, "stage"));
        }
        if (expected.component() != null) {
            v.codeEqual(kind + " artifact error component", expected.component(), Json.text(error, "component"));
        }
    }

    /** A manifest error with the row's stage and component, and its code. */
    public static void bundleError(Verdict v, BundleView bundle, ExpectedCodes expected) {
        List<String> seen = new ArrayList<>();
        for (JsonNode error : bundle.errors()) {
            boolean stage = expected.stage() == null || expected.stage().equals(Json.text(error, "stage"));
            boolean component = expected.component() == null || expected.component().equals(Json.text(error, "component"));
            if (stage && component) {
                v.codeEqual("error code for " + expected.component() + " (" + expected.source() + ")", expected.code(),
                        Json.text(error, "code"));
                return;
            }
            seen.add(describe(error));
        }
        v.codeMissing("an error " + expected.describe(null) + " in manifest.json (" + expected.source() + ")",
                expected.describe(null), seen.isEmpty() ? "no errors" : String.join(", ", seen));
    }

    /** {code, stage, component} of an error object. */
    public static String describe(JsonNode error) {
        return "{code " + Json.text(error, "code") + ", stage " + Json.text(error, "stage") + ", component "
                + Json.text(error, "component") + "}";
    }

    /** Two JSON values equal as JSON (see {@link Json#sameValue}). */
    public static void sameJson(Verdict v, String check, JsonNode expected, JsonNode actual) {
        v.check(Json.sameValue(expected, actual), check, expected, actual);
    }

    /** A refusal: ok false, the table's code and a message (the schema), exit 1, no manifestPath. */
    public static void refusal(Verdict v, String what, Child.Result child, JsonNode result, ExpectedCodes expected) {
        v.equal(what + ": exit status of a refusal", ExpectedCodes.EXIT_NOT_COMPLETE, child.exit());
        v.equal(what + ": ok", false, result.path("ok").asBoolean(true));
        v.codeEqual(what + ": code (" + expected.source() + ")", expected.code(), Json.text(result, "code"));
        v.check(!result.has("manifestPath"), what + ": no manifestPath (nothing was captured)", "absent",
                Json.text(result, "manifestPath"));
    }

    /**
     * What changed between two {@code Workspace.snapshot()}s, as one line per entry (empty when
     * nothing did).
     */
    public static List<String> changes(Map<String, String> before, Map<String, String> after) {
        List<String> changes = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        for (String key : keys) {
            String was = before.get(key);
            String is = after.get(key);
            if (was == null) {
                changes.add("created " + key);
            } else if (is == null) {
                changes.add("removed " + key);
            } else if (!Objects.equals(was, is)) {
                changes.add("changed " + key + " (" + was + " -> " + is + ")");
            }
        }
        return changes;
    }
}
