package com.androperator.evidence.simulator.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.harness.AdbHostClient;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The lab's life cycle as test classes meet it, run through the JUnit engine: one private server per
 * class, stopped after it; a test's phones released after the test; phones attached before the
 * tests kept for the class; the sample phone reset before each test.
 */
class AdbLabExtensionTest {

    @Test
    void theSamplePhoneIsKeptForTheClassAndResetWhileATestsPhonesAreReleasedAfterIt() {
        SamplePhoneClass.seen.clear();

        assertThat(EngineTestKit.engine("junit-jupiter").selectors(selectClass(SamplePhoneClass.class)).execute()
                .testEvents().failed().count()).as("fixture failures").isZero();

        List<Object> seen = SamplePhoneClass.seen;
        assertThat(seen).hasSize(6);
        assertThat(seen.get(1)).as("the first test's own phone, during it").isEqualTo("device");
        assertThat(seen.get(2)).as("the second test finds the first test's phone gone").asString().startsWith("absent");
        assertThat(seen.get(3)).as("the sample phone, reset").isEqualTo(true);
        assertThat(seen.get(4)).as("the same server and sample phone").isEqualTo(seen.get(0));
        assertThat(serverAnswers((Integer) seen.get(5))).as("the server after the class").isFalse();
    }

    @Test
    void aParameterGetsTheClassesLabAndPhonesAttachedBeforeTheTestsLiveForTheClass() {
        ParameterClass.seen.clear();

        assertThat(EngineTestKit.engine("junit-jupiter").selectors(selectClass(ParameterClass.class)).execute()
                .testEvents().failed().count()).as("fixture failures").isZero();

        assertThat(ParameterClass.seen).containsExactly("device", "device");
        assertThat(serverAnswers(ParameterClass.port)).as("the server after the class").isFalse();
    }

    @Test
    void theEnvironmentReachesThePrivateServerAndNothingElse() {
        try (PrivateAdbLab lab = PrivateAdbLab.start()) {
            Map<String, String> environment = lab.environment();

            assertThat(environment).containsAllEntriesOf(lab.adb().environment())
                    .doesNotContainKeys("ADB_SERVER_SOCKET", "ANDROID_SERIAL", "ANDROPERATOR_EVIDENCE_DIR");
            assertThat(environment.get("PATH")).isEqualTo(System.getenv("PATH"));
            assertThat(lab.serverAddress()).containsOnly(
                    Map.entry("ANDROID_ADB_SERVER_PORT", Integer.toString(lab.adb().port())),
                    Map.entry("ADB_SERVER_SOCKET", "tcp:127.0.0.1:" + lab.adb().port()));
            assertThatThrownBy(lab::serial).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("no sample phone");
        }
    }

    private static boolean serverAnswers(int port) {
        try {
            AdbHostClient.query(port, "host:version", Duration.ofSeconds(2));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class SamplePhoneClass {
        @RegisterExtension
        static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
        static final List<Object> seen = new ArrayList<>();
        private static String ownPhone;

        @Test
        @Order(1)
        void attachesAPhoneAndChangesTheSamplePhone() {
            seen.add(lab.adb().port() + " " + lab.serial());
            ownPhone = lab.attach(SimulatorProfile.builder().build()).serial();
            seen.add(lab.adb().state(ownPhone));
            lab.phone(p -> p.toBuilder().uninstallPackage(AdbLab.OPERATOR).build());
        }

        @Test
        @Order(2)
        void findsThemGoneAndReset() {
            seen.add(lab.adb().state(ownPhone));
            seen.add(lab.simulator().profile().isInstalled(AdbLab.OPERATOR) && lab.phones().isEmpty());
            seen.add(lab.adb().port() + " " + lab.serial());
            seen.add(lab.adb().port());
        }
    }

    @ExtendWith(AdbLabExtension.class)
    static class ParameterClass {
        static final List<Object> seen = new ArrayList<>();
        static int port;
        private static DeviceSimulator classPhone;

        @BeforeAll
        static void attachForTheClass(AdbLab lab) {
            classPhone = lab.attach(SampleProfiles.pixel());
            port = lab.adb().port();
        }

        @Test
        void first(AdbLab lab) {
            seen.add(lab.adb().state(classPhone.serial()));
        }

        @Test
        void second(AdbLab lab) {
            seen.add(lab.adb().state(classPhone.serial()));
        }
    }
}
