package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.model.RequestField;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link DeviceSelector} promises the capture, the domain's fake and the adb adapter
 * (through the real adb server to simulated phones) alike: the only ready device or the one asked
 * for is selected; anything else is a refusal with the documented code and a hint that names the
 * request field to change when there is one, never an exception.
 */
public abstract class DeviceSelectorContract implements Budgets {

    /** A selector and the serials of the devices attached to it, in the order of {@code states}. */
    public record Lab(DeviceSelector selector, List<String> serials) {
    }

    /** Devices attached in the given adb states ({@code device}, {@code recovery}, ...), one each. */
    protected abstract Lab attachedInStates(String... states);

    @Test
    void theOnlyReadyDeviceIsSelectedAndAlsoWhenAskedFor() {
        Lab lab = attachedInStates("device");
        String serial = lab.serials().get(0);

        assertThat(select(lab, null)).isEqualTo(new DeviceSelection.Selected(serial));
        assertThat(select(lab, serial)).isEqualTo(new DeviceSelection.Selected(serial));
    }

    @Test
    void aSerialThatIsNotAttachedIsNotFoundAndTheHintNamesTheDeviceField() {
        DeviceSelection.Refused refused = refused(select(attachedInStates("device"), "127.0.0.1:1"));

        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.DEVICE_NOT_FOUND);
        assertThat(refused.hint().field()).isEqualTo(RequestField.DEVICE);
    }

    @Test
    void withNoDeviceThereAreNoDevices() {
        assertThat(refused(select(attachedInStates(), null)).failure().code()).isEqualTo(ErrorCodes.NO_DEVICES);
    }

    @Test
    void twoReadyDevicesNeedASerialAndTheHintNamesBoth() {
        Lab lab = attachedInStates("device", "device");

        DeviceSelection.Refused refused = refused(select(lab, null));

        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        assertThat(refused.hint().field()).isEqualTo(RequestField.DEVICE);
        assertThat(refused.hint().render(RequestField::name)).contains(lab.serials());
        assertThat(select(lab, lab.serials().get(1))).isEqualTo(new DeviceSelection.Selected(lab.serials().get(1)));
    }

    @Test
    void aDeviceNotInStateDeviceIsOfflineWhenAskedForAndNeverChosenImplicitly() {
        Lab lab = attachedInStates("recovery");

        assertThat(refused(select(lab, lab.serials().get(0))).failure().code()).isEqualTo(ErrorCodes.DEVICE_OFFLINE);
        assertThat(refused(select(lab, null)).failure().code()).isEqualTo(ErrorCodes.NO_DEVICES);
    }

    @Test
    void anExpiredBudgetIsATimeoutWhoseHintNamesTheTimeoutField() {
        Lab lab = attachedInStates("device");

        DeviceSelection.Refused refused = refused(lab.selector().select(Optional.empty(), budget(0)));

        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(refused.hint().field()).isEqualTo(RequestField.TIMEOUT);
    }

    private DeviceSelection select(Lab lab, String serial) {
        return lab.selector().select(Optional.ofNullable(serial), budget(10_000));
    }

    private static DeviceSelection.Refused refused(DeviceSelection selection) {
        assertThat(selection).isInstanceOf(DeviceSelection.Refused.class);
        return (DeviceSelection.Refused) selection;
    }
}
