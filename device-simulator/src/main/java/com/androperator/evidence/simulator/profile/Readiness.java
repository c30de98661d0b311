package com.androperator.evidence.simulator.profile;

/** What the Operator's {@code doctor_ping} reports; ready means on, unlocked, user unlocked. */
public record Readiness(boolean screenOn, boolean deviceLocked, boolean userUnlocked) {

    public static Readiness ready() {
        return new Readiness(true, false, true);
    }

    public static Readiness asleep() {
        return new Readiness(false, true, true);
    }
}
