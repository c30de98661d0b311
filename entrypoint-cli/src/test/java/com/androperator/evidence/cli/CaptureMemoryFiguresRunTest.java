package com.androperator.evidence.cli;

import org.junit.jupiter.api.Test;

class CaptureMemoryFiguresRunTest {
    @Test
    void run() throws Exception {
        String options = System.getProperty("figures.jvm", "");
        CaptureMemoryFigures.main(options.isBlank() ? new String[0] : options.split(","));
    }
}
