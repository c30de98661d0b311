package com.androperator.evidence.contracts;

import org.jspecify.annotations.Nullable;

/** What the bundle records about the device and the tools. Unavailable values are null. */
public record DeviceInfo(
        String serial,
        @Nullable String operatorPackage,
        String cliVersion,
        @Nullable String operatorVersion,
        @Nullable Integer apiLevel,
        @Nullable String androidVersion,
        @Nullable String manufacturer,
        @Nullable String model,
        DeviceType deviceType,
        DeviceTypeProperties deviceTypeProperties,
        DisplayInfo display) {

    public DeviceInfo {
        Checks.nonBlank(serial, "device.serial");
        Checks.nonBlank(cliVersion, "device.cliVersion");
        Checks.required(deviceType, "device.deviceType");
        Checks.required(deviceTypeProperties, "device.deviceTypeProperties");
        Checks.required(display, "device.display");
        Checks.check(apiLevel == null || apiLevel > 0, "device.apiLevel must be positive");
    }
}
