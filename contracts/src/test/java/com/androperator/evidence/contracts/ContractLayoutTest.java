package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.ContractLayout.WrittenProperty;
import com.androperator.evidence.contracts.DeclaredAnnotations.Declared;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ContractLayout} says what the annotations say: the class file's annotations
 * ({@link DeclaredAnnotations}) are reflection's for every contract type, each type is laid out the
 * same from either, and what the layout cannot honour is refused with a message that names the
 * type, the place and the annotation.
 */
class ContractLayoutTest {

    static Stream<Arguments> contractTypes() {
        return contractClasses().stream().map(type -> Arguments.of(type.getName(), type));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contractTypes")
    void theClassFileDeclaresWhatReflectionReads(String name, Class<?> type) throws IOException {
        DeclaredAnnotations fromFile = Objects.requireNonNull(DeclaredAnnotations.fromClassFile(type));

        assertThat(withoutDefaults(fromFile)).isEqualTo(DeclaredAnnotations.fromReflection(type));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contractTypes")
    void everyContractTypeIsLaidOutAndTheSameFromEitherSource(String name, Class<?> type) {
        ContractLayout fromFile = ContractLayout.of(type, ContractLayoutTest::fromClassFile);

        assertThat(fromFile).isEqualTo(ContractLayout.of(type, DeclaredAnnotations::fromReflection));
        assertThat(ContractLayout.forType(type)).isEqualTo(fromFile);
        if (type.isRecord()) {
            assertThat(fromFile).as("a record always has a layout").isNotNull();
        }
    }

    @Test
    void theDocumentsAreLaidOutInTheirWrittenOrderWithTheirNamesAndNulls() {
        assertThat(names(Manifest.class)).containsExactly("schemaVersion", "evidenceId", "label", "context", "device",
                "startedAt", "finishedAt", "video", "status", "artifacts", "errors");
        assertThat(omittedWhenNull(Manifest.class)).containsExactly("video");
        assertThat(names(Artifact.class)).containsExactly("kind", "path", "mimeType", "status", "bytes", "sha256",
                "startedAt", "finishedAt", "durationMs", "image", "commandId", "taskId", "error");
        assertThat(omittedWhenNull(CommandResult.class)).containsExactly("ok", "status", "manifestPath", "evidenceId",
                "sessionId", "code", "message", "details", "hint");
        assertThat(names(DeviceTypeProperties.class)).containsExactly("ro.kernel.qemu", "ro.boot.qemu");
        assertThat(names(SourceInspection.DecoderRun.class)).containsExactly("command", "termination", "exitStatus",
                "stderrBytes", "stderr", "stderrTruncated", "packets", "frames");
        assertThat(omittedWhenNull(SourceInspection.DecoderRun.class)).as("all but the always written exit status")
                .containsExactly("command", "termination", "stderrBytes", "stderr", "stderrTruncated", "packets", "frames");
        assertThat(layout(CapturesFile.class).valueMethod()).isEqualTo("records");
        assertThat(layout(Details.class).valueMethod()).isEqualTo("asMap");
        assertThat(layout(DeviceType.class).valueMethod()).isEqualTo("wire");
        assertThat(layout(VideoSize.class).valueMethod()).isEqualTo("toString");
        assertThat(ContractLayout.forType(RawJson.class)).as("it writes itself").isNull();
    }

    @Test
    void aLayoutOfHonouredAnnotationsWritesWhatDatabindWrites() {
        assertThat(layout(Honoured.class).properties()).containsExactly(
                new WrittenProperty("second", "second", true),
                new WrittenProperty("first", "first", true),
                new WrittenProperty("kept", "kept", false),
                new WrittenProperty("renamed", "re.named", true));
        for (Honoured value : List.of(new Honoured(null, null, null, null), new Honoured("a", 1, "b", "c"))) {
            assertThat(ContractJson.toJson(value)).isEqualTo(ContractJson.mapper().writeValueAsString(value));
        }
        assertThat(ContractJson.toJson(new Honoured(null, null, null, null))).isEqualTo("{\"kept\":null}");
    }

    static Stream<Arguments> refusals() {
        String suffix = " is not something the contract writer can honour (ContractLayout): state it with the"
                + " annotations that class understands, or teach it this one";
        String prefix = ContractLayoutTest.class.getName();
        return Stream.of(
                Arguments.of(Formatted.class, prefix + "$Formatted: @JsonFormat{shape=STRING} on the component number"
                        + suffix),
                Arguments.of(NonEmpty.class, prefix + "$NonEmpty: @JsonInclude{value=NON_EMPTY} on the class" + suffix),
                Arguments.of(Misordered.class, prefix + "$Misordered: @JsonPropertyOrder names missing, which is not"
                        + " one of its properties [text]"),
                Arguments.of(IgnoredComponent.class, prefix + "$IgnoredComponent: @JsonIgnore{} on the component text"
                        + suffix),
                Arguments.of(TypedById.class, prefix + "$Typed: @JsonTypeInfo{use=NAME} on the class"
                        + suffix),
                Arguments.of(TwoValues.class, prefix + "$TwoValues: two @JsonValue methods, one() and two()"),
                Arguments.of(DerivedGetter.class, prefix + "$DerivedGetter: databind writes getCount() as a property,"
                        + " which the contract writer leaves out: give it @JsonIgnore, or make it a component"),
                Arguments.of(TypedValue.class, prefix + "$TypedValue: a type id (@JsonTypeInfo) on a type written by"
                        + " its @JsonValue method wire() is not something the contract writer can honour"),
                Arguments.of(SameName.class, prefix + "$SameName: two components are written as text"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void whatTheLayoutCannotHonourIsRefusedWithWhereItIs(Class<?> type, String message) {
        assertThatThrownBy(() -> ContractLayout.of(type, DeclaredAnnotations::fromReflection))
                .isInstanceOf(IllegalStateException.class).hasMessage(message);
        assertThatThrownBy(() -> ContractLayout.of(type, ContractLayoutTest::fromClassFile))
                .isInstanceOf(IllegalStateException.class).hasMessage(message);
    }

    @Test
    void anOrderMayNameAComponentAndAnElementMayBeWrittenAsItsDefault() {
        assertThat(layout(OrderedByComponent.class).properties()).containsExactly(
                new WrittenProperty("renamed", "re.named", true), new WrittenProperty("first", "first", true));
        OrderedByComponent value = new OrderedByComponent("a", "b");
        assertThat(ContractJson.toJson(value)).isEqualTo(ContractJson.mapper().writeValueAsString(value))
                .isEqualTo("{\"re.named\":\"b\",\"first\":\"a\"}");
    }

    @Test
    void aTypeOfAnotherPackageHasNoLayout() {
        assertThat(ContractLayout.forType(com.androperator.evidence.contracts.foreign.ForeignRecord.class)).isNull();
    }

    @Test
    void aClassWithoutAClassFileIsReadThroughReflection() throws IOException {
        Supplier<String> lambda = () -> "made at run time";
        Class<?> hidden = lambda.getClass();

        assertThat(DeclaredAnnotations.fromClassFile(hidden)).isNull();
        assertThat(ContractLayout.declared(hidden)).isEqualTo(DeclaredAnnotations.fromReflection(hidden));
    }

    @Test
    void bytesThatAreNoWholeClassFileAreRefused() throws IOException {
        byte[] whole;
        try (InputStream in = Manifest.class.getResourceAsStream("Manifest.class")) {
            whole = Objects.requireNonNull(in).readAllBytes();
        }

        assertThatThrownBy(() -> DeclaredAnnotations.fromClassFile(Arrays.copyOf(whole, whole.length / 2)))
                .isInstanceOf(IOException.class).hasMessage("the class file ends early");
        assertThatThrownBy(() -> DeclaredAnnotations.fromClassFile("{\"not\":\"a class\"}".getBytes()))
                .isInstanceOf(IOException.class).hasMessage("not a class file");
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"second"})
    record Honoured(String first, Integer second, @JsonInclude(JsonInclude.Include.ALWAYS) String kept,
                    @JsonProperty("re.named") String renamed) {
        @JsonIgnore
        public boolean isEmpty() {
            return first == null;
        }
    }

    record Formatted(@JsonFormat(shape = JsonFormat.Shape.STRING) int number) {
    }

    record DerivedGetter(String text) {
        public int getCount() {
            return text.length();
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY)
    interface TypedByItself {
    }

    enum TypedValue implements TypedByItself {
        ONE;

        @JsonValue
        public String wire() {
            return "one";
        }
    }

    record SameName(String text, @JsonProperty("text") String other) {
    }

    /** Ordered by a component's own name, with an element written as its default. */
    @JsonPropertyOrder({"renamed"})
    @JsonInclude(value = JsonInclude.Include.NON_NULL, content = JsonInclude.Include.ALWAYS)
    record OrderedByComponent(String first, @JsonProperty("re.named") String renamed) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record NonEmpty(String text) {
    }

    @JsonPropertyOrder({"missing"})
    record Misordered(String text) {
    }

    record IgnoredComponent(@JsonIgnore String text) {
    }

    /** A type id in a property of its own (As.PROPERTY, the default), which databind would write. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
    interface Typed {
    }

    record TypedById(String text) implements Typed {
    }

    static final class TwoValues {
        @JsonValue
        public String one() {
            return "1";
        }

        @JsonValue
        public String two() {
            return "2";
        }
    }

    private static DeclaredAnnotations fromClassFile(Class<?> type) {
        try {
            return Objects.requireNonNull(DeclaredAnnotations.fromClassFile(type), type.getName());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ContractLayout layout(Class<?> type) {
        return Objects.requireNonNull(ContractLayout.forType(type), type.getName());
    }

    private static List<String> names(Class<?> type) {
        return layout(type).properties().stream().map(WrittenProperty::name).toList();
    }

    private static List<String> omittedWhenNull(Class<?> type) {
        return layout(type).properties().stream().filter(WrittenProperty::omittedWhenNull).map(WrittenProperty::name)
                .toList();
    }

    /** The class file keeps an element written as its default value; reflection cannot tell it was written. */
    private static DeclaredAnnotations withoutDefaults(DeclaredAnnotations declared) {
        Map<String, List<Declared>> fields = new LinkedHashMap<>();
        declared.onFields().forEach((name, annotations) -> fields.put(name, withoutDefaults(annotations)));
        Map<String, List<Declared>> methods = new LinkedHashMap<>();
        declared.onMethods().forEach((name, annotations) -> methods.put(name, withoutDefaults(annotations)));
        return new DeclaredAnnotations(withoutDefaults(declared.onClass()), fields, methods);
    }

    private static List<Declared> withoutDefaults(List<Declared> annotations) {
        List<Declared> kept = new ArrayList<>();
        for (Declared annotation : annotations) {
            Map<String, Object> elements = new LinkedHashMap<>();
            annotation.elements().forEach((element, value) -> {
                if (!annotation.isDefault(element)) {
                    elements.put(element, value instanceof List<?> list ? nestedWithoutDefaults(list) : value);
                }
            });
            kept.add(new Declared(annotation.type(), elements));
        }
        return kept;
    }

    private static List<Object> nestedWithoutDefaults(List<?> values) {
        List<Object> kept = new ArrayList<>();
        for (Object value : values) {
            kept.add(value instanceof Declared nested ? withoutDefaults(List.of(nested)).get(0) : value);
        }
        return kept;
    }

    /** Every class compiled into the contracts package, nested ones too. */
    private static List<Class<?>> contractClasses() {
        try {
            Path root = Path.of(ContractJson.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path directory = root.resolve(ContractJson.class.getPackageName().replace('.', '/'));
            List<Class<?>> types = new ArrayList<>();
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.sorted().toList()) {
                    String name = file.getFileName().toString();
                    if (name.endsWith(".class") && !name.equals("package-info.class")) {
                        Class<?> type = Class.forName(ContractJson.class.getPackageName() + "."
                                + name.substring(0, name.length() - ".class".length()));
                        if (!type.isAnonymousClass() && !type.isSynthetic()) {
                            types.add(type);
                        }
                    }
                }
            }
            assertThat(types).as("the contracts' classes").hasSizeGreaterThan(40);
            return types;
        } catch (IOException | URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
