package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ScreenshotSource;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The targeted adb screenshot (device-protocol.md §3): {@code dumpsys display} chooses the active
 * physical screen of display 0 and {@code exec:screencap -p -d <id>} (binary-clean) reads its PNG,
 * or plain {@code screencap -p} on an older dump. Every byte that arrives is returned, also on
 * failure; a clean end of stream proves nothing, the domain verifies the PNG.
 */
public final class AdbScreenshotSource implements ScreenshotSource {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final long DISPLAY_DUMP_CAP = 16L * 1024 * 1024;
    static final String PHASE_DISPLAY_SELECTION = "display_selection";
    static final String PHASE_TRANSFER = "transfer";

    private final DeviceShell shell;
    private final long capBytes;

    public AdbScreenshotSource(AdbServerClient client) {
        this(client, ImageVerifier.MAX_PNG_BYTES);
    }

    /** {@code capBytes} other than 64 MiB only for tests of the cap. */
    AdbScreenshotSource(AdbServerClient client, long capBytes) {
        this.shell = new DeviceShell(client);
        this.capBytes = capBytes;
    }

    @Override
    public ScreenshotTransfer capture(String serial, Deadline deadline) {
        Map<String, Object> receipt = new LinkedHashMap<>();
        receipt.put("command", null);
        receipt.put("displayId", 0);
        receipt.put("physicalDisplayId", null);
        receipt.put("legacyDisplayDump", null);
        receipt.put("bytesReceived", 0L);
        receipt.put("exitStatus", null);
        receipt.put("durationMs", 0L);
        if (!ShellQuote.isValidSerial(serial)) {
            return failed(new byte[0], ErrorCodes.SCREENSHOT_FAILED, "'" + Text.abbreviate(String.valueOf(serial), 80)
                    + "' is not a valid adb serial; nothing was sent", receipt);
        }
        if (deadline.expired()) {
            return failed(new byte[0], ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before the screenshot started", receipt);
        }
        StreamResult dump = shell.run(serial, "dumpsys display", deadline, DISPLAY_DUMP_CAP);
        if (dump.outcome() == StreamResult.Outcome.CANCELLED) {
            return cancelled(new byte[0], PHASE_DISPLAY_SELECTION, false, "cancelled while reading dumpsys display;"
                    + " screencap was not started", receipt);
        }
        if (dump.outcome() == StreamResult.Outcome.DEADLINE) {
            return failed(new byte[0], ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out while reading dumpsys display", receipt);
        }
        if (!dump.succeeded()) {
            return failed(new byte[0], ErrorCodes.DISPLAY_SELECTION_FAILED,
                    "dumpsys display on " + serial + " failed: " + dump.describe(), receipt);
        }
        DisplayViewports.Choice choice = DisplayViewports.choose(dump.stdoutText());
        if (choice instanceof DisplayViewports.Choice.Refused refused) {
            return failed(new byte[0], ErrorCodes.DISPLAY_SELECTION_FAILED, "cannot choose the screen to capture on "
                    + serial + ": " + refused.message(), receipt);
        }
        String command;
        if (choice instanceof DisplayViewports.Choice.PhysicalDisplay physical) {
            command = "screencap -p -d " + ShellQuote.quote(physical.physicalId());
            receipt.put("physicalDisplayId", physical.physicalId());
            receipt.put("legacyDisplayDump", false);
        } else {
            command = "screencap -p";
            receipt.put("legacyDisplayDump", true);
        }
        receipt.put("command", command);
        StreamResult transfer = shell.client().exec(serial, command, deadline, capBytes, null);
        byte[] bytes = transfer.stdout();
        receipt.put("bytesReceived", transfer.bytesReceived());
        receipt.put("exitStatus", transfer.exitStatus());
        receipt.put("durationMs", transfer.durationMillis());
        return switch (transfer.outcome()) {
            case COMPLETED -> completedTransfer(serial, bytes, receipt);
            case DEADLINE -> failed(bytes, ErrorCodes.COMMAND_TIMEOUT, "the budget ran out after " + bytes.length
                    + " screenshot bytes", receipt);
            case CANCELLED -> cancelled(bytes, PHASE_TRANSFER, transfer.serviceOpened(), "cancelled after "
                    + bytes.length + " screenshot bytes", receipt);
            case CAP_EXCEEDED -> failed(bytes, ErrorCodes.SCREENSHOT_FAILED, "the screenshot is over the "
                    + describeCap() + " cap; the first " + bytes.length + " bytes are kept", receipt);
            default -> failed(bytes, ErrorCodes.SCREENSHOT_FAILED, command + " on " + serial + " failed after "
                    + bytes.length + " bytes: " + transfer.describe(), receipt);
        };
    }

    private String describeCap() {
        return capBytes % (1024 * 1024) == 0 ? capBytes / (1024 * 1024) + " MiB" : capBytes + " bytes";
    }

    /** A clean end of stream: PNG-looking bytes go to the domain's verifier, anything else is a device error. */
    private static ScreenshotTransfer completedTransfer(String serial, byte[] bytes, Map<String, Object> receipt) {
        if (bytes.length == 0) {
            return failed(bytes, ErrorCodes.SCREENSHOT_FAILED, "screencap on " + serial + " produced no bytes", receipt);
        }
        int prefix = Math.min(bytes.length, PNG_SIGNATURE.length);
        for (int i = 0; i < prefix; i++) {
            if (bytes[i] != PNG_SIGNATURE[i]) {
                // exec: merges stderr into stdout, so a device error arrives as text instead of a PNG.
                String text = new String(bytes, 0, Math.min(bytes.length, 400), StandardCharsets.UTF_8);
                return failed(bytes, ErrorCodes.SCREENSHOT_FAILED, "screencap on " + serial
                        + " answered with something other than a PNG: " + Text.abbreviate(text, 300), receipt);
            }
        }
        return new ScreenshotTransfer(bytes, true, Optional.empty(), receipt);
    }

    /** COMMAND_CANCELLED with the phase it stopped in and whether screencap was started (the port's details). */
    private static ScreenshotTransfer cancelled(byte[] bytes, String phase, boolean dispatched, String message,
                                                Map<String, Object> receipt) {
        return new ScreenshotTransfer(bytes, false, Optional.of(new Failure(ErrorCodes.COMMAND_CANCELLED, message,
                Map.of("phase", phase, "dispatched", dispatched))), receipt);
    }

    private static ScreenshotTransfer failed(byte[] bytes, String code, String message, Map<String, Object> receipt) {
        return new ScreenshotTransfer(bytes, false, Optional.of(Failure.of(code, message)), receipt);
    }
}
