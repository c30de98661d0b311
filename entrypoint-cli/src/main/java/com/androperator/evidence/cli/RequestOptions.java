package com.androperator.evidence.cli;

import com.androperator.evidence.api.RequestSpellings;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line's options for request fields, generated from the {@link RequestField} table:
 * one text option per field, declared in the table's help order with its help lines, and read back
 * into {@link RequestValues} through {@link OptionValues}, so that every value that does not convert
 * is a documented refusal rather than a usage error. A field added to the table is an option here.
 */
final class RequestOptions {
    private RequestOptions() {
    }

    /** Declares an option for each of {@code fields} on {@code spec}, in the order given, as a still capture spells it. */
    static void declare(CommandSpec spec, List<RequestField> fields) {
        declare(spec, fields, RequestSpellings::cli);
    }

    /** Declares an option for each of {@code fields} on {@code spec}, in the order given, as {@code spelling} spells it. */
    static void declare(CommandSpec spec, List<RequestField> fields,
                        Function<RequestField, RequestSpellings.CliSpelling> spelling) {
        for (RequestField field : fields) {
            RequestSpellings.CliSpelling cli = spelling.apply(field);
            spec.addOption(OptionSpec.builder(cli.option()).paramLabel(cli.paramLabel()).required(cli.required())
                    .description(cli.help().toArray(String[]::new)).type(String.class).build());
        }
    }

    /**
     * The values given for {@code fields} (in their declaration order, so that the first value that
     * does not convert is the one reported), converted to each field's kind; a value that does not
     * convert is left out and remembered by {@code conversions}.
     */
    static RequestValues read(CommandSpec spec, List<RequestField> fields, OptionValues conversions) {
        RequestValues values = RequestValues.none();
        for (RequestField field : fields) {
            String text = spec.findOption(RequestSpellings.cli(field).option()).getValue();
            values = values.with(field, switch (field.kind()) {
                case TEXT -> text;
                case INTEGER -> conversions.integer(RequestSpellings.cli(field).option(), text,
                        RequestSpellings.cli(field).expected());
                case JSON_OBJECT -> conversions.context(text);
            });
        }
        return values;
    }
}
