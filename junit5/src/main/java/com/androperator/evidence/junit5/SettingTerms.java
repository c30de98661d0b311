package com.androperator.evidence.junit5;

import com.androperator.evidence.api.JavaTerms;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.RequestField;
import java.util.EnumMap;
import java.util.Map;

/**
 * The extension's names for the request fields: where the test author set each one (an annotation
 * attribute, a builder call, a configuration parameter, a variable), or every way to set it when it
 * was left unset. The capture refuses a field in these words, so the report says what to change in
 * the test's own configuration; fields the extension never sets keep the Java API's names.
 */
final class SettingTerms implements CallerTerms {
    private final Map<RequestField, String> sourceByField;

    SettingTerms(Map<RequestField, String> sourceByField) {
        this.sourceByField = sourceByField.isEmpty() ? Map.of() : new EnumMap<>(sourceByField);
    }

    /** The same terms with {@code field} named {@code source}. */
    SettingTerms with(RequestField field, String source) {
        Map<RequestField, String> sources = new EnumMap<>(RequestField.class);
        sources.putAll(sourceByField);
        sources.put(field, source);
        return new SettingTerms(sources);
    }

    @Override
    public String field(RequestField field) {
        String source = sourceByField.get(field);
        return source == null ? JavaTerms.INSTANCE.field(field) : source;
    }

    @Override
    public String doctorCommand(String serial) {
        return JavaTerms.INSTANCE.doctorCommand(serial);
    }

    @Override
    public String statusStep() {
        return JavaTerms.INSTANCE.statusStep();
    }

    @Override
    public String stopStep() {
        return JavaTerms.INSTANCE.stopStep();
    }
}
