package com.androperator.evidence.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tests a user would write, run only through {@link FixtureRun} (nested classes are not
 * discovered by Surefire). Their failures are what the extension reacts to.
 */
final class Fixtures {
    static final String FAILURE = "expected the cart total to be 12.00 EUR but it was 10.00 EUR";

    private Fixtures() {
    }

    /** What the fixtures do that a test sets per case; reset after each. */
    static final class Scenario {
        static volatile CaptureEvidenceOnFailure.Builder builder = CaptureEvidenceOnFailure.builder();
        static volatile Runnable teardown = () -> {
        };
        static volatile String message = FAILURE;

        private Scenario() {
        }

        static CaptureEvidenceOnFailure extension() {
            return builder.build();
        }

        static void reset() {
            builder = CaptureEvidenceOnFailure.builder();
            teardown = () -> {
            };
            message = FAILURE;
        }
    }

    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class Outcomes {
        @Test
        void fails() {
            assertEquals("12.00 EUR", "10.00 EUR", FAILURE);
        }

        @Test
        void failsWithMessage() {
            throw new AssertionError(Scenario.message);
        }

        @Test
        void throwsWithoutMessage() {
            throw new IllegalStateException();
        }

        @Test
        void passes() {
        }

        @Test
        void aborted() {
            assumeTrue(false, "no payment sandbox today");
        }

        @Test
        @Disabled("a disabled fixture: the extension must not capture for it")
        void disabled() {
            fail("a disabled test never runs");
        }
    }

    /** The same failing test with no extension: the benchmark's baseline. */
    static class WithoutExtension {
        @Test
        void fails() {
            assertEquals("12.00 EUR", "10.00 EUR", FAILURE);
        }
    }

    /** The test fails, then {@code @AfterEach} tears the app down (the Operator stops answering). */
    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class TeardownAfterFailure {
        @AfterEach
        void closeTheApp() {
            Scenario.teardown.run();
        }

        @Test
        void fails() {
            fail(FAILURE);
        }
    }

    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class FailingBeforeEach {
        @BeforeEach
        void logIn() {
            throw new IllegalStateException("login page did not load");
        }

        @Test
        void checksOut() {
        }
    }

    /** The method passes; {@code @AfterEach} tears down, then fails. */
    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class FailingAfterEach {
        @AfterEach
        void closeTheApp() {
            Scenario.teardown.run();
            throw new IllegalStateException("the app did not close");
        }

        @Test
        void checksOut() {
        }
    }

    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class FailingTestAndAfterEach {
        @AfterEach
        void closeTheApp() {
            throw new IllegalStateException("the app did not close");
        }

        @Test
        void fails() {
            fail(FAILURE);
        }
    }

    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class Parameterized {
        @ParameterizedTest(name = "total {0}")
        @ValueSource(ints = {1, 2, 3})
        void total(int items) {
            if (items != 2) {
                fail("wrong total for " + items + " items");
            }
        }
    }

    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class Outer {
        @Nested
        class Inner {
            @Test
            void fails() {
                fail(FAILURE);
            }
        }
    }

    /** Declared and registered: still one capture. */
    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class RegisteredTwice {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        void fails() {
            fail(FAILURE);
        }
    }

    static class Programmatic {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        void fails() {
            fail(FAILURE);
        }
    }

    @CaptureEvidenceOnFailure.Config(device = "class-phone")
    static class DeviceLayers {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        @CaptureEvidenceOnFailure.Config(device = "method-phone")
        void methodAndClass() {
            fail(FAILURE);
        }

        @Test
        void classOnly() {
            fail(FAILURE);
        }

        @Nested
        @CaptureEvidenceOnFailure.Config(operatorPackage = "com.example.nested")
        class Inner {
            @Test
            void inheritsTheEnclosingClass() {
                fail(FAILURE);
            }
        }
    }

    @CaptureEvidenceOnFailure.Config(device = "base-phone")
    abstract static class ConfiguredBase {
    }

    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class InheritsConfig extends ConfiguredBase {
        @Test
        void fails() {
            fail(FAILURE);
        }
    }

    /** An exception whose message cannot be read: the capture itself throws. */
    @ExtendWith(CaptureEvidenceOnFailure.class)
    static class UnreadableMessage {
        static final class Unreadable extends RuntimeException {
            private static final long serialVersionUID = 1L;

            @Override
            public String getMessage() {
                throw new IllegalStateException("this message cannot be read");
            }
        }

        @Test
        void fails() {
            throw new Unreadable();
        }
    }

    @CaptureEvidenceOnFailure.Config(operatorPackage = "com.example.klass")
    static class PackageLayers {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        @CaptureEvidenceOnFailure.Config(operatorPackage = "com.example.method")
        void methodAndClass() {
            fail(FAILURE);
        }

        @Test
        void classOnly() {
            fail(FAILURE);
        }
    }

    @CaptureEvidenceOnFailure.Config(evidenceRoot = "target/precedence-roots/class")
    static class RootLayers {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        @CaptureEvidenceOnFailure.Config(evidenceRoot = "target/precedence-roots/method")
        void methodAndClass() {
            fail(FAILURE);
        }

        @Test
        void classOnly() {
            fail(FAILURE);
        }
    }

    @CaptureEvidenceOnFailure.Config(timeoutMs = 2)
    static class TimeoutLayers {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        @CaptureEvidenceOnFailure.Config(timeoutMs = 1)
        void methodAndClass() {
            fail(FAILURE);
        }

        @Test
        void classOnly() {
            fail(FAILURE);
        }
    }
}
