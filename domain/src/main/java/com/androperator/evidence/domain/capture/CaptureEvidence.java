package com.androperator.evidence.domain.capture;

/**
 * The still-capture use case. See the spec's "CLI capture" section: validate, select the device
 * once, screenshot, hierarchy on the same device, metadata, all in one device-work budget; then
 * persist captures.json and the manifest (which may run past the deadline).
 */
public final class CaptureEvidence {
    private final CapturePorts ports;
    private final String cliVersion;
    private final String source;

    /**
     * @param cliVersion the tool version recorded as device.cliVersion
     * @param source     the tool name sent to the Operator as the command source (at most 64 chars)
     */
    public CaptureEvidence(CapturePorts ports, String cliVersion, String source) {
        this.ports = ports;
        this.cliVersion = cliVersion;
        this.source = source;
    }

    public CaptureOutcome execute(CaptureRequest request) {
        throw new IllegalStateException("being implemented");
    }
}
