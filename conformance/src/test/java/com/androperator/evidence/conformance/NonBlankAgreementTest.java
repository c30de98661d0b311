package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.NonBlank;
import com.networknt.schema.regex.JoniRegularExpressionFactory;
import com.networknt.schema.regex.RegularExpression;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * "Non-blank" means the schemas' {@code \S} as ECMA-262 defines it, and the schema (networknt with
 * joni's ECMAScript engine), the contract records ({@link NonBlank}) and the verifier agree on it.
 */
class NonBlankAgreementTest {
    @TempDir
    Path root;

    @Test
    void everyBmpCharacterIsBlankForTheSchemaExactlyWhenItIsForTheRecords() {
        RegularExpression schemaNonBlank = JoniRegularExpressionFactory.getInstance().getRegularExpression("\\S");
        int blanks = 0;
        for (int c = 0; c <= 0xFFFF; c++) {
            String text = String.valueOf((char) c);
            assertThat(NonBlank.isNonBlank(text)).as("U+%04X", c).isEqualTo(schemaNonBlank.matches(text));
            blanks += NonBlank.isNonBlank(text) ? 0 : 1;
        }
        // TAB..CR (5), SPACE, U+00A0, U+1680, U+2000..U+200A (11), U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF
        assertThat(blanks).isEqualTo(25);
    }

    @Test
    void javaUtilRegexWouldDisagreeWhichIsWhyTheSchemasDoNotUseIt() {
        assertThat(Pattern.compile("\\S").matcher("\u00A0").find()).isTrue();
        assertThat(NonBlank.isNonBlank("\u00A0")).isFalse();
        assertThat("\u001C".isBlank()).isTrue();
        assertThat(NonBlank.isNonBlank("\u001C")).isTrue();
    }

    /** A manifest whose device.serial is the one character: schema, record and verifier give the same verdict. */
    @ParameterizedTest(name = "U+{0} blank: {1}")
    @CsvSource({"00A0,true", "2028,true", "FEFF,true", "3000,true", "0020,true", "0009,true", "2029,true",
        "1680,true", "001C,false", "0085,false", "200B,false", "180E,false", "0078,false"})
    void schemaRecordAndVerifierAgree(String hex, boolean blank) {
        String character = String.valueOf((char) Integer.parseInt(hex, 16));
        TestBundle bundle = TestBundle.stillComplete(root.resolve("bundle"));
        ObjectNode tree = (ObjectNode) ContractJson.mapper().readTree(bundle.read("manifest.json"));
        ((ObjectNode) tree.get("device")).put("serial", character);
        bundle.overwrite("manifest.json", TestBundle.json(tree));

        boolean schemaRefuses = ContractSchemas.validate(ContractSchemas.Document.MANIFEST, tree).stream()
                .anyMatch(v -> v.pointer().equals("/device/serial"));
        boolean recordRefuses = refusesRecord(tree);
        VerificationReport report = BundleVerifier.strict().verify(bundle.dir);

        assertThat(schemaRefuses).as("schema").isEqualTo(blank);
        assertThat(recordRefuses).as("record").isEqualTo(blank);
        assertThat(report.ok()).as("verifier: %s", report).isEqualTo(!blank);
        if (blank) {
            assertThat(report.problems()).anyMatch(p -> p.code().equals("SCHEMA")
                    && p.path().equals("manifest.json#/device/serial"));
        }
        assertThat(new String(bundle.read("manifest.json"), StandardCharsets.UTF_8)).contains("serial");
    }

    private static boolean refusesRecord(JsonNode tree) {
        try {
            ContractJson.mapper().treeToValue(tree, Manifest.class);
            return false;
        } catch (RuntimeException e) {
            return true;
        }
    }
}
