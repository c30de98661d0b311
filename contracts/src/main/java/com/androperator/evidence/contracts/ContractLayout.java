package com.androperator.evidence.contracts;

import com.androperator.evidence.contracts.DeclaredAnnotations.Declared;
import com.androperator.evidence.contracts.DeclaredAnnotations.EnumConstant;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How the contract writer ({@link ContractJson}) writes one contract type, as its Jackson
 * annotations say: a record's properties in order, each under its name and either always written
 * or left out when null; or, for a type with a {@code @JsonValue} method, that method's result.
 *
 * <p>The annotations stay the one statement of a shape: the readers use them through Jackson, and
 * this layout is made from them ({@link DeclaredAnnotations}). Only what the contracts use is
 * understood; any other Jackson annotation, or an element this layout cannot honour, is refused
 * with {@link IllegalStateException} when the type is first written, so that a new one cannot be
 * written differently from how it reads ({@code ContractLayoutTest} lays out every contract type).
 */
record ContractLayout(List<WrittenProperty> properties, @Nullable String valueMethod) {
    private static final String ANNOTATIONS = "com.fasterxml.jackson.annotation.";
    private static final String PROPERTY_ORDER = ANNOTATIONS + "JsonPropertyOrder";
    private static final String INCLUDE = ANNOTATIONS + "JsonInclude";
    private static final String PROPERTY = ANNOTATIONS + "JsonProperty";
    private static final String VALUE = ANNOTATIONS + "JsonValue";
    private static final String IGNORE = ANNOTATIONS + "JsonIgnore";
    private static final String CREATOR = ANNOTATIONS + "JsonCreator";
    private static final String IGNORE_PROPERTIES = ANNOTATIONS + "JsonIgnoreProperties";
    private static final String TYPE_INFO = ANNOTATIONS + "JsonTypeInfo";
    private static final String SUBTYPES = ANNOTATIONS + "JsonSubTypes";
    private static final String NON_NULL = "NON_NULL";
    private static final String ALWAYS = "ALWAYS";

    private static final ClassValue<Optional<ContractLayout>> LAYOUTS = new ClassValue<>() {
        @Override
        protected Optional<ContractLayout> computeValue(Class<?> type) {
            return Optional.ofNullable(of(type, ContractLayout::declared));
        }
    };

    ContractLayout {
        properties = List.copyOf(properties);
    }

    /** One record component as written: its accessor, its JSON name, and whether null leaves it out. */
    record WrittenProperty(String component, String name, boolean omittedWhenNull) {
        WrittenProperty {
            Checks.nonBlank(component, "component");
            Checks.nonBlank(name, "name");
        }
    }

    /** Where a type's annotations are read from. */
    @FunctionalInterface
    interface Source {
        DeclaredAnnotations of(Class<?> type);
    }

    /**
     * The layout of a contract type, made once per class; null for a type that is neither a record
     * nor has a {@code @JsonValue} method (Jackson writes it as it is: {@link RawJson}, an enum
     * without one) or lies outside this package.
     */
    static @Nullable ContractLayout forType(Class<?> type) {
        return LAYOUTS.get(type).orElse(null);
    }

    /** The class file's annotations, or reflection's when the loader has no class file to give. */
    static DeclaredAnnotations declared(Class<?> type) {
        try {
            DeclaredAnnotations fromFile = DeclaredAnnotations.fromClassFile(type);
            if (fromFile != null) {
                return fromFile;
            }
        } catch (IOException | RuntimeException unreadable) {
            // Reflection reads the same annotations, only more slowly.
        }
        return DeclaredAnnotations.fromReflection(type);
    }

    static @Nullable ContractLayout of(Class<?> type, Source source) {
        if (!type.getPackageName().equals(ContractLayout.class.getPackageName())) {
            return null;
        }
        DeclaredAnnotations declared = source.of(type);
        if (!type.isRecord() && !hasValueMethod(declared)) {
            return null; // databind writes it, annotations and all (ContractWriter hands it over)
        }
        String valueMethod = valueMethod(type, declared);
        boolean typed = checkClass(type, declared.onClass());
        for (Class<?> supertype : contractSupertypes(type)) {
            typed |= checkSupertype(supertype, source.of(supertype));
        }
        if (typed && valueMethod != null) {
            // Databind wraps a value written with its type id; a layout writes the value alone.
            throw new IllegalStateException(type.getName() + ": a type id (@JsonTypeInfo) on a type written"
                    + " by its @JsonValue method " + valueMethod + "() is not something the contract writer can honour");
        }
        if (!type.isRecord()) {
            return new ContractLayout(List.of(), valueMethod);
        }
        List<WrittenProperty> properties = properties(type, declared); // checks every component's annotations
        checkNoDerivedGetters(type, declared);
        return new ContractLayout(valueMethod == null ? properties : List.of(), valueMethod);
    }

    private static List<WrittenProperty> properties(Class<?> type, DeclaredAnnotations declared) {
        Optional<String> classInclusion = inclusion(type, "the class", declared.onClass());
        Map<String, WrittenProperty> byName = new LinkedHashMap<>();
        for (RecordComponent component : type.getRecordComponents()) {
            List<Declared> annotations = componentAnnotations(type, component.getName(), declared);
            String where = "the component " + component.getName();
            String name = name(type, where, annotations).orElse(component.getName());
            String inclusion = inclusion(type, where, annotations).or(() -> classInclusion).orElse(ALWAYS);
            if (byName.put(name, new WrittenProperty(component.getName(), name, NON_NULL.equals(inclusion))) != null) {
                throw new IllegalStateException(type.getName() + ": two components are written as " + name);
            }
        }
        return ordered(type, declared.onClass(), byName);
    }

    /** A component's annotations, from its field and its accessor (javac copies them to both). */
    private static List<Declared> componentAnnotations(Class<?> type, String component, DeclaredAnnotations declared) {
        // The field's first; the accessor's copy of one (same type) adds nothing. No record equals
        // here: its first call links an invokedynamic, a cost at every start that this class avoids.
        List<Declared> annotations = new ArrayList<>(declared.field(component));
        for (Declared onAccessor : declared.method(component)) {
            if (!hasType(annotations, onAccessor.type())) {
                annotations.add(onAccessor);
            }
        }
        for (Declared annotation : annotations) {
            if (VALUE.equals(annotation.type())) {
                onlyElements(type, "the component " + component, annotation, Set.of());
            } else if (!Set.of(INCLUDE, PROPERTY).contains(annotation.type())) {
                throw unsupported(type, "the component " + component, annotation);
            }
        }
        return annotations;
    }

    private static List<WrittenProperty> ordered(Class<?> type, List<Declared> onClass, Map<String, WrittenProperty> byName) {
        List<WrittenProperty> ordered = new ArrayList<>();
        Map<String, WrittenProperty> rest = new LinkedHashMap<>(byName);
        for (Declared annotation : onClass) {
            if (PROPERTY_ORDER.equals(annotation.type())) {
                onlyElements(type, "the class", annotation, Set.of("value"));
                for (Object name : list(annotation.element("value"))) {
                    WrittenProperty property = rest.remove(String.valueOf(name));
                    if (property == null) { // databind matches a component's own name too
                        property = removeComponent(rest, String.valueOf(name));
                    }
                    if (property == null) {
                        throw new IllegalStateException(type.getName() + ": @JsonPropertyOrder names " + name
                                + ", which is not one of its properties " + byName.keySet());
                    }
                    ordered.add(property);
                }
            }
        }
        ordered.addAll(rest.values());
        return ordered;
    }

    private static @Nullable WrittenProperty removeComponent(Map<String, WrittenProperty> properties, String component) {
        for (WrittenProperty property : properties.values()) {
            if (property.component().equals(component)) {
                return properties.remove(property.name());
            }
        }
        return null;
    }

    /**
     * Databind also writes a record's public {@code getX()} and boolean {@code isX()} methods as
     * properties unless they carry {@code @JsonIgnore}; the layout writes components only.
     */
    private static void checkNoDerivedGetters(Class<?> type, DeclaredAnnotations declared) {
        Set<String> components = componentNames(type);
        for (Method method : type.getDeclaredMethods()) {
            String name = method.getName();
            if (isGetter(method) && !components.contains(name) && !hasType(declared.method(name), IGNORE)) {
                throw new IllegalStateException(type.getName() + ": databind writes " + name + "() as a property,"
                        + " which the contract writer leaves out: give it @JsonIgnore, or make it a component");
            }
        }
    }

    /** A public instance method databind takes for a getter: {@code getX()} of a value, or a boolean {@code isX()}. */
    private static boolean isGetter(Method method) {
        String name = method.getName();
        Class<?> returned = method.getReturnType();
        boolean named = name.length() > 3 && name.startsWith("get") && returned != void.class
                || name.length() > 2 && name.startsWith("is") && (returned == boolean.class || returned == Boolean.class);
        return named && Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
                && method.getParameterCount() == 0 && !method.isSynthetic();
    }

    private static Optional<String> name(Class<?> type, String where, List<Declared> annotations) {
        for (Declared annotation : annotations) {
            if (PROPERTY.equals(annotation.type())) {
                onlyElements(type, where, annotation, Set.of("value"));
                Object value = annotation.element("value");
                return value == null || "".equals(value) ? Optional.empty() : Optional.of((String) value);
            }
        }
        return Optional.empty();
    }

    /** The inclusion an @JsonInclude gives (ALWAYS when it names none), or empty without one. */
    private static Optional<String> inclusion(Class<?> type, String where, List<Declared> annotations) {
        for (Declared annotation : annotations) {
            if (INCLUDE.equals(annotation.type())) {
                onlyElements(type, where, annotation, Set.of("value"));
                Object value = annotation.element("value");
                String inclusion = value == null ? ALWAYS : ((EnumConstant) value).name();
                if (!Set.of(NON_NULL, ALWAYS).contains(inclusion)) {
                    throw unsupported(type, where, annotation);
                }
                return Optional.of(inclusion);
            }
        }
        return Optional.empty();
    }

    /**
     * The method with {@code @JsonValue}, if any. A record component's accessor carries its
     * component's annotations, which {@link #componentAnnotations} checks; any other method may say
     * how a reader makes the type or that databind must not write it, and nothing else.
     */
    private static @Nullable String valueMethod(Class<?> type, DeclaredAnnotations declared) {
        String valueMethod = null;
        Set<String> components = componentNames(type);
        for (Map.Entry<String, List<Declared>> method : declared.onMethods().entrySet()) {
            boolean component = components.contains(method.getKey());
            for (Declared annotation : method.getValue()) {
                String where = "the method " + method.getKey() + "()";
                if (VALUE.equals(annotation.type())) {
                    onlyElements(type, where, annotation, Set.of());
                    if (valueMethod != null) {
                        throw new IllegalStateException(type.getName() + ": two @JsonValue methods, "
                                + valueMethod + "() and " + method.getKey() + "()");
                    }
                    valueMethod = method.getKey();
                } else if (!component && IGNORE.equals(annotation.type())) {
                    onlyElements(type, where, annotation, Set.of()); // not written: only components are
                } else if (!component && !CREATOR.equals(annotation.type())) {
                    throw unsupported(type, where, annotation);
                }
            }
        }
        for (Map.Entry<String, List<Declared>> field : declared.onFields().entrySet()) {
            if (!components.contains(field.getKey())) {
                throw unsupported(type, "the field " + field.getKey(), field.getValue().get(0));
            }
        }
        return valueMethod;
    }

    /** Whether the class names a type id, once its annotations are checked. */
    private static boolean checkClass(Class<?> type, List<Declared> onClass) {
        boolean typed = false;
        for (Declared annotation : onClass) {
            switch (annotation.type()) {
                case PROPERTY_ORDER, INCLUDE -> { } // read by properties()
                case IGNORE_PROPERTIES -> onlyElements(type, "the class", annotation, Set.of("ignoreUnknown"));
                case TYPE_INFO, SUBTYPES -> typed |= checkTypeInfo(type, annotation);
                default -> throw unsupported(type, "the class", annotation);
            }
        }
        return typed;
    }

    /**
     * A supertype in this package may name subtypes for readers, and nothing that changes what is
     * written; whether it names a type id.
     */
    private static boolean checkSupertype(Class<?> supertype, DeclaredAnnotations declared) {
        boolean typed = false;
        for (Declared annotation : declared.onClass()) {
            if (!Set.of(TYPE_INFO, SUBTYPES).contains(annotation.type())) {
                throw unsupported(supertype, "the class", annotation);
            }
            typed |= checkTypeInfo(supertype, annotation);
        }
        for (Map.Entry<String, List<Declared>> method : declared.onMethods().entrySet()) {
            throw unsupported(supertype, "the method " + method.getKey() + "()", method.getValue().get(0));
        }
        return typed;
    }

    /** A type id in an existing property is the record's own: nothing is written besides it. */
    private static boolean checkTypeInfo(Class<?> type, Declared annotation) {
        if (!TYPE_INFO.equals(annotation.type())) {
            return false;
        }
        if (!(annotation.element("include") instanceof EnumConstant include && "EXISTING_PROPERTY".equals(include.name()))) {
            throw unsupported(type, "the class", annotation);
        }
        return true;
    }

    private static void onlyElements(Class<?> type, String where, Declared annotation, Set<String> allowed) {
        for (String element : annotation.elements().keySet()) {
            if (!allowed.contains(element) && !annotation.isDefault(element)) {
                throw unsupported(type, where, annotation);
            }
        }
    }

    private static List<Class<?>> contractSupertypes(Class<?> type) {
        List<Class<?>> supertypes = new ArrayList<>();
        List<Class<?>> pending = new ArrayList<>(List.of(type));
        while (!pending.isEmpty()) {
            Class<?> next = pending.remove(pending.size() - 1);
            List<Class<?>> direct = new ArrayList<>(List.of(next.getInterfaces()));
            if (next.getSuperclass() != null) {
                direct.add(next.getSuperclass());
            }
            for (Class<?> supertype : direct) {
                if (supertype.getPackageName().equals(type.getPackageName()) && !supertypes.contains(supertype)) {
                    supertypes.add(supertype);
                    pending.add(supertype);
                }
            }
        }
        return supertypes;
    }

    private static Set<String> componentNames(Class<?> type) {
        if (!type.isRecord()) {
            return Set.of();
        }
        Set<String> names = new HashSet<>();
        for (RecordComponent component : type.getRecordComponents()) {
            names.add(component.getName());
        }
        return names;
    }

    private static boolean hasValueMethod(DeclaredAnnotations declared) {
        for (List<Declared> annotations : declared.onMethods().values()) {
            if (hasType(annotations, VALUE)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasType(List<Declared> annotations, String type) {
        for (Declared annotation : annotations) {
            if (annotation.type().equals(type)) {
                return true;
            }
        }
        return false;
    }

    private static List<Object> list(@Nullable Object value) {
        if (value instanceof List<?> values) {
            return List.copyOf(values);
        }
        return value == null ? List.of() : List.of(value);
    }

    private static IllegalStateException unsupported(Class<?> type, String where, Declared annotation) {
        return new IllegalStateException(type.getName() + ": @" + simpleName(annotation.type()) + annotation.elements()
                + " on " + where + " is not something the contract writer can honour (ContractLayout): "
                + "state it with the annotations that class understands, or teach it this one");
    }

    private static String simpleName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }
}
