package com.androperator.evidence.simulator.profile;

/** An installed package as {@code dumpsys package} reports it. */
public record PackageSpec(String versionName, long versionCode) {

    public PackageSpec {
        if (versionName == null || versionName.isBlank() || versionName.contains("\n")) {
            throw new InvalidProfileException("versionName must be one non-blank line, got "
                    + versionName);
        }
        if (versionCode < 1) {
            throw new InvalidProfileException("versionCode must be positive, got " + versionCode);
        }
    }

    public static PackageSpec of(String versionName) {
        return new PackageSpec(versionName, 1);
    }
}
