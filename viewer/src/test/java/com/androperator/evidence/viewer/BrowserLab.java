package com.androperator.evidence.viewer;

import com.androperator.evidence.api.testing.PhoneLab;

/** The simulated phone (for real captures) and a headless Chromium, started and closed together. */
record BrowserLab(PhoneLab lab, Chromium chromium) implements AutoCloseable {
    static BrowserLab start() {
        PhoneLab lab = PhoneLab.start();
        try {
            return new BrowserLab(lab, Chromium.start());
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            chromium.close();
        } finally {
            lab.close();
        }
    }
}
