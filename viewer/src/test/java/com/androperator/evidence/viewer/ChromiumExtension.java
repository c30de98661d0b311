package com.androperator.evidence.viewer;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One headless {@link Chromium} per test class, handed to any parameter of that type (a
 * {@code @BeforeAll} method's, a constructor's or a test's). Starting the browser is the slow part of
 * a browser test, so a class starts it once; it lives in the class's store, which JUnit closes (and
 * with it the browser and its profile directory) when the class is done, whether its tests passed or not.
 */
final class ChromiumExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ChromiumExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Chromium.class;
    }

    @Override
    public Chromium resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return classContext(context).getStore(NAMESPACE)
                .getOrComputeIfAbsent(Chromium.class, type -> Chromium.start(), Chromium.class);
    }

    /** The context of the test class itself, so that a test's own context never starts a second browser. */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext current = context;
        while (current.getTestMethod().isPresent() && current.getParent().isPresent()) {
            current = current.getParent().get();
        }
        return current;
    }
}
