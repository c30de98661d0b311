package com.androperator.evidence.contracts;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The Jackson annotations a class declares on itself, its fields and its methods, with the elements
 * each gives: read from the class file's {@code RuntimeVisibleAnnotations} attributes
 * ({@link #fromClassFile}), or through reflection ({@link #fromReflection}), which gives the same
 * for any class whose elements differ from their defaults only where written.
 *
 * <p>Why the class file: reflection makes a proxy class for every annotation type it meets, and a
 * JVM cannot keep those in its ahead-of-time cache; on JDK 25 they were about 35 ms of a one-shot
 * capture's CPU (docs/benchmarks.md, "Fifth pass"). {@link ContractLayout} is made from either.
 */
record DeclaredAnnotations(List<Declared> onClass, Map<String, List<Declared>> onFields,
                           Map<String, List<Declared>> onMethods) {
    /** Annotation types read here: Jackson's own; any other annotation is not this reader's concern. */
    static final List<String> JACKSON_PACKAGES = List.of("com.fasterxml.jackson.annotation.", "tools.jackson.");

    DeclaredAnnotations {
        onClass = List.copyOf(onClass);
        // By name, for the same reason as an annotation's elements.
        onFields = Collections.unmodifiableMap(new TreeMap<>(onFields));
        onMethods = Collections.unmodifiableMap(new TreeMap<>(onMethods));
    }

    /**
     * One annotation: its type's binary name and the elements written (an enum constant as its
     * {@link EnumConstant}, an array as a list, a class as its binary name, a nested annotation as a
     * {@code Declared}, a constant as its boxed value).
     */
    record Declared(String type, Map<String, Object> elements) {
        Declared {
            Objects.requireNonNull(type, "type");
            // By name: a class file keeps the written order, reflection none, and messages quote them.
            elements = Collections.unmodifiableMap(new TreeMap<>(elements));
        }

        @Nullable Object element(String name) {
            return elements.get(name);
        }

        /**
         * Whether the element {@code name} is written as its annotation type's default (a class file
         * keeps an element written so; reflection cannot tell it from one left out). Reflection on
         * the annotation type's method: no annotation is read, so no proxy is made.
         */
        boolean isDefault(String name) {
            Object value = elements.get(name);
            try {
                Object defaultValue = Class.forName(type, false, DeclaredAnnotations.class.getClassLoader())
                        .getDeclaredMethod(name).getDefaultValue();
                if (defaultValue instanceof Enum<?> constant) {
                    return value instanceof EnumConstant written && written.name().equals(constant.name());
                }
                if (defaultValue != null && defaultValue.getClass().isArray()) {
                    return Array.getLength(defaultValue) == 0 && value instanceof List<?> list && list.isEmpty();
                }
                return defaultValue != null && defaultValue.equals(value);
            } catch (ReflectiveOperationException | LinkageError unknown) {
                return false;
            }
        }
    }

    /** An enum constant: its enum's binary name and its own name, which is all a message shows. */
    record EnumConstant(String type, String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A field's annotations, keyed by field name; a method's, by name when it takes no argument. */
    List<Declared> field(String name) {
        return onFields.getOrDefault(name, List.of());
    }

    List<Declared> method(String name) {
        return onMethods.getOrDefault(name, List.of());
    }

    /** The class file of {@code type} from its loader; null when the loader has no such resource. */
    static @Nullable DeclaredAnnotations fromClassFile(Class<?> type) throws IOException {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            return in == null ? null : fromClassFile(in.readAllBytes());
        }
    }

    /** The annotations a class file declares; IOException when the bytes are not a whole class file. */
    static DeclaredAnnotations fromClassFile(byte[] classFile) throws IOException {
        try {
            return new ClassFileReader(classFile).read();
        } catch (EOFException e) {
            throw new IOException("the class file ends early", e);
        }
    }

    /** Through reflection: each annotation's elements that differ from their defaults. */
    static DeclaredAnnotations fromReflection(Class<?> type) {
        Map<String, List<Declared>> fields = new LinkedHashMap<>();
        for (Field field : type.getDeclaredFields()) {
            putIfAny(fields, field.getName(), reflected(field));
        }
        Map<String, List<Declared>> methods = new LinkedHashMap<>();
        for (Method method : type.getDeclaredMethods()) {
            if (method.getParameterCount() == 0 && !Modifier.isStatic(method.getModifiers()) && !method.isSynthetic()) {
                putIfAny(methods, method.getName(), reflected(method));
            }
        }
        return new DeclaredAnnotations(reflected(type), fields, methods);
    }

    private static void putIfAny(Map<String, List<Declared>> into, String name, List<Declared> declared) {
        if (!declared.isEmpty()) {
            into.put(name, declared);
        }
    }

    private static List<Declared> reflected(AnnotatedElement element) {
        List<Declared> declared = new ArrayList<>();
        for (Annotation annotation : element.getDeclaredAnnotations()) {
            if (isJackson(annotation.annotationType().getName())) {
                declared.add(reflected(annotation));
            }
        }
        return declared;
    }

    private static Declared reflected(Annotation annotation) {
        Map<String, Object> elements = new LinkedHashMap<>();
        for (Method element : annotation.annotationType().getDeclaredMethods()) {
            Object value = invoke(element, annotation);
            if (!Objects.deepEquals(value, element.getDefaultValue())) {
                elements.put(element.getName(), reflectedValue(value));
            }
        }
        return new Declared(annotation.annotationType().getName(), elements);
    }

    private static Object reflectedValue(Object value) {
        if (value instanceof Enum<?> constant) {
            return new EnumConstant(constant.getDeclaringClass().getName(), constant.name());
        }
        if (value instanceof Class<?> type) {
            return type.getName();
        }
        if (value instanceof Annotation nested) {
            return reflected(nested);
        }
        if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            List<Object> items = new ArrayList<>(length);
            for (int i = 0; i < length; i++) {
                items.add(reflectedValue(Array.get(value, i)));
            }
            return List.copyOf(items);
        }
        return value;
    }

    private static Object invoke(Method element, Annotation annotation) {
        try {
            return element.invoke(annotation);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("the element " + element.getName() + " of " + annotation
                    + " could not be read", e);
        }
    }

    static boolean isJackson(String annotationType) {
        for (String jacksonPackage : JACKSON_PACKAGES) {
            if (annotationType.startsWith(jacksonPackage)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The parts of a class file (JVMS chapter 4) that hold annotations: the constant pool, then each
     * field's, each method's and the class's own {@code RuntimeVisibleAnnotations}; everything else
     * is skipped by its stated length.
     */
    private static final class ClassFileReader {
        private static final int MAGIC = 0xCAFEBABE;
        private static final String RUNTIME_VISIBLE_ANNOTATIONS = "RuntimeVisibleAnnotations";

        private final DataInputStream in;
        private Object[] pool = new Object[0];

        ClassFileReader(byte[] bytes) {
            this.in = new DataInputStream(new ByteArrayInputStream(bytes));
        }

        DeclaredAnnotations read() throws IOException {
            if (in.readInt() != MAGIC) {
                throw new IOException("not a class file");
            }
            in.readUnsignedShort(); // minor version
            in.readUnsignedShort(); // major version
            readPool();
            in.readUnsignedShort(); // access flags
            in.readUnsignedShort(); // this class
            in.readUnsignedShort(); // super class
            skip(2L * in.readUnsignedShort()); // interfaces
            Map<String, List<Declared>> fields = members(false);
            Map<String, List<Declared>> methods = members(true);
            return new DeclaredAnnotations(attributes(), fields, methods);
        }

        private void readPool() throws IOException {
            int count = in.readUnsignedShort();
            pool = new Object[count];
            for (int index = 1; index < count; index++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> pool[index] = in.readUTF();
                    case 3 -> pool[index] = in.readInt();
                    case 4 -> pool[index] = in.readFloat();
                    case 5 -> pool[index++] = in.readLong();
                    case 6 -> pool[index++] = in.readDouble();
                    case 7, 8, 16, 19, 20 -> skip(2); // an index: no annotation element names one
                    case 9, 10, 11, 12, 17, 18 -> skip(4);
                    case 15 -> skip(3);
                    default -> throw new IOException("unknown constant pool tag " + tag + " at " + index);
                }
            }
        }

        /** Fields or methods: each member's Jackson annotations, keyed by its name (methods: no-argument only). */
        private Map<String, List<Declared>> members(boolean methods) throws IOException {
            Map<String, List<Declared>> members = new LinkedHashMap<>();
            int count = in.readUnsignedShort();
            for (int i = 0; i < count; i++) {
                int access = in.readUnsignedShort();
                String name = utf8(in.readUnsignedShort());
                String descriptor = utf8(in.readUnsignedShort());
                List<Declared> declared = attributes();
                boolean keyed = !methods || descriptor.startsWith("()") && !Modifier.isStatic(access)
                        && (access & 0x1000) == 0 // ACC_SYNTHETIC
                        && !name.startsWith("<"); // a constructor, which reflection's methods leave out
                if (keyed && !declared.isEmpty()) {
                    members.put(name, declared);
                }
            }
            return members;
        }

        private List<Declared> attributes() throws IOException {
            List<Declared> declared = new ArrayList<>();
            int count = in.readUnsignedShort();
            for (int i = 0; i < count; i++) {
                String name = utf8(in.readUnsignedShort());
                long length = in.readInt() & 0xFFFFFFFFL;
                if (!RUNTIME_VISIBLE_ANNOTATIONS.equals(name)) {
                    skip(length);
                    continue;
                }
                int annotations = in.readUnsignedShort();
                for (int a = 0; a < annotations; a++) {
                    Declared annotation = annotation();
                    if (isJackson(annotation.type())) {
                        declared.add(annotation);
                    }
                }
            }
            return declared;
        }

        private Declared annotation() throws IOException {
            String type = binaryName(utf8(in.readUnsignedShort()));
            Map<String, Object> elements = new LinkedHashMap<>();
            int pairs = in.readUnsignedShort();
            for (int p = 0; p < pairs; p++) {
                String name = utf8(in.readUnsignedShort());
                elements.put(name, elementValue());
            }
            return new Declared(type, elements);
        }

        private Object elementValue() throws IOException {
            int tag = in.readUnsignedByte();
            return switch (tag) {
                case 'B' -> (byte) constantInt();
                case 'C' -> (char) constantInt();
                case 'S' -> (short) constantInt();
                case 'Z' -> constantInt() != 0;
                case 'I' -> constantInt();
                case 'J', 'D', 'F' -> constant();
                case 's' -> utf8(in.readUnsignedShort());
                case 'e' -> new EnumConstant(binaryName(utf8(in.readUnsignedShort())), utf8(in.readUnsignedShort()));
                case 'c' -> classValue(utf8(in.readUnsignedShort()));
                case '@' -> annotation();
                case '[' -> array();
                default -> throw new IOException("unknown element value tag " + (char) tag);
            };
        }

        private List<Object> array() throws IOException {
            int count = in.readUnsignedShort();
            List<Object> items = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                items.add(elementValue());
            }
            return List.copyOf(items);
        }

        private int constantInt() throws IOException {
            return (Integer) constant();
        }

        private Object constant() throws IOException {
            int index = in.readUnsignedShort();
            Object value = index < pool.length ? pool[index] : null;
            if (value == null) {
                throw new IOException("no constant at " + index);
            }
            return value;
        }

        private String utf8(int index) throws IOException {
            if (index < pool.length && pool[index] instanceof String text) {
                return text;
            }
            throw new IOException("no UTF-8 constant at " + index);
        }

        private void skip(long bytes) throws IOException {
            if (in.skip(bytes) != bytes) {
                throw new IOException("the class file ends early");
            }
        }

        /** {@code Lcom/x/Y$Z;} as {@code com.x.Y$Z}. */
        private static String binaryName(String descriptor) throws IOException {
            if (descriptor.length() < 3 || descriptor.charAt(0) != 'L' || !descriptor.endsWith(";")) {
                throw new IOException("not a class descriptor: " + descriptor);
            }
            return descriptor.substring(1, descriptor.length() - 1).replace('/', '.');
        }

        /**
         * A class element, written as a return descriptor ({@code Ljava/lang/Void;}, {@code [I},
         * {@code I}, {@code V}), as {@link Class#getName()} names it.
         */
        private static String classValue(String descriptor) throws IOException {
            if (descriptor.startsWith("L")) {
                return binaryName(descriptor);
            }
            if (descriptor.startsWith("[")) {
                return descriptor.replace('/', '.');
            }
            return switch (descriptor) {
                case "B" -> "byte";
                case "C" -> "char";
                case "D" -> "double";
                case "F" -> "float";
                case "I" -> "int";
                case "J" -> "long";
                case "S" -> "short";
                case "Z" -> "boolean";
                case "V" -> "void";
                default -> throw new IOException("not a class element: " + descriptor);
            };
        }
    }
}
