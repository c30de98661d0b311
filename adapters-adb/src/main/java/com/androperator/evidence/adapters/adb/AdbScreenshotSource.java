package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.ByteSink;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.ScreenshotSource.TransportReceipt;
import java.util.Optional;

/**
 * The targeted adb screenshot (device-protocol.md §3): {@code dumpsys display} chooses the active
 * physical screen of display 0 and {@code exec:screencap -p -d <id>} (binary-clean) reads its PNG,
 * or plain {@code screencap -p} on an older dump. Every byte that arrives goes to the sink as it is
 * read from the socket (nothing is gathered here), also on failure; bytes past the cap are never
 * handed over. A clean end of stream proves nothing: the domain verifies the PNG as it goes.
 */
public final class AdbScreenshotSource implements ScreenshotSource {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final long DISPLAY_DUMP_CAP = 16L * 1024 * 1024;
    /** How much of the stream's start is kept to quote a device error that is not a PNG. */
    private static final int HEAD_BYTES = 400;
    /** How much of the first line of such text the error quotes. */
    private static final int FIRST_LINE_CHARS = 120;
    private static final String MULTIPLE_DISPLAYS_WARNING = "[Warning] Multiple displays were found";

    private final DeviceShell shell;
    private final long capBytes;

    public AdbScreenshotSource(AdbServerClient client) {
        this(client, ImageVerifier.MAX_PNG_BYTES);
    }

    /** {@code capBytes} other than 64 MiB only for tests of the cap. */
    AdbScreenshotSource(AdbServerClient client, long capBytes) {
        this.shell = client.shell();
        this.capBytes = capBytes;
    }

    @Override
    public ScreenshotTransfer capture(String serial, Deadline deadline, ByteSink sink) {
        Receipt receipt = new Receipt();
        if (!ShellQuote.isValidSerial(serial)) {
            return failed(0, ErrorCodes.SCREENSHOT_FAILED, "'" + Text.abbreviate(String.valueOf(serial), 80)
                    + "' is not a valid adb serial; nothing was sent", receipt);
        }
        if (deadline.expired()) {
            return failed(0, ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before the screenshot started", receipt);
        }
        StreamResult dump = shell.run(serial, "dumpsys display", deadline, DISPLAY_DUMP_CAP);
        if (dump.outcome() == StreamResult.Outcome.CANCELLED) {
            return cancelled(0, CommandPhase.DISPLAY_SELECTION, false, "cancelled while reading dumpsys display;"
                    + " screencap was not started", receipt);
        }
        if (dump.outcome() == StreamResult.Outcome.DEADLINE) {
            return failed(0, ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out while reading dumpsys display", receipt);
        }
        if (!dump.succeeded()) {
            return failed(0, ErrorCodes.DISPLAY_SELECTION_FAILED,
                    "dumpsys display on " + serial + " failed: " + dump.describe(), receipt);
        }
        String displays = dump.stdoutMarked();
        Optional<String> unreadable = Utf8.unreadableLine(displays, "DisplayViewport");
        if (unreadable.isPresent()) {
            // A viewport that cannot be read might be the active one: never choose around it.
            return failed(0, ErrorCodes.DISPLAY_SELECTION_FAILED, "dumpsys display on " + serial
                    + " printed a display viewport that is not valid UTF-8, so the screen cannot be chosen: "
                    + Text.abbreviate(unreadable.get(), 300), receipt);
        }
        // What the dump says of the screen's power, as it words it: a black screenshot of a screen that is off explains itself.
        DisplayViewports.powerState(displays).ifPresent(state -> receipt.displayState = state.value());
        DisplayViewports.Choice choice = DisplayViewports.choose(displays);
        if (choice instanceof DisplayViewports.Choice.Refused refused) {
            return failed(0, ErrorCodes.DISPLAY_SELECTION_FAILED, "cannot choose the screen to capture on "
                    + serial + ": " + refused.message(), receipt);
        }
        String command;
        if (choice instanceof DisplayViewports.Choice.PhysicalDisplay physical) {
            command = "screencap -p -d " + ShellQuote.quote(physical.physicalId());
            receipt.physicalDisplayId = physical.physicalId();
            receipt.legacyDisplayDump = false;
        } else {
            command = "screencap -p";
            receipt.legacyDisplayDump = true;
        }
        receipt.command = command;
        Head head = new Head();
        boolean[] sinkStopped = {false};
        StreamResult transfer = shell.client().stream(serial, AdbServerClient.ServiceKind.EXEC, command, deadline,
                capBytes, null, (data, offset, length) -> {
                    head.keep(data, offset, length);
                    if (!sink.accept(data, offset, length)) {
                        sinkStopped[0] = true;
                        return false;
                    }
                    return true;
                });
        long received = transfer.bytesReceived();
        receipt.bytesReceived = received;
        receipt.exitStatus = transfer.exitStatus();
        receipt.durationMs = transfer.durationMillis();
        if (sinkStopped[0]) {
            return failed(received, ErrorCodes.SCREENSHOT_FAILED, "the screenshot's receiver stopped the transfer after "
                    + received + " bytes (it could keep no more)", receipt);
        }
        return switch (transfer.outcome()) {
            case COMPLETED -> completedTransfer(serial, received, head, choice, receipt);
            case DEADLINE -> failed(received, ErrorCodes.COMMAND_TIMEOUT, "the budget ran out after " + received
                    + " screenshot bytes", receipt);
            case CANCELLED -> cancelled(received, CommandPhase.TRANSFER, transfer.serviceOpened(), "cancelled after "
                    + received + " screenshot bytes", receipt);
            case CAP_EXCEEDED -> failed(received, ErrorCodes.SCREENSHOT_FAILED, "the screenshot is over the "
                    + describeCap() + " cap; the first " + received + " bytes are kept", receipt);
            default -> failed(received, ErrorCodes.SCREENSHOT_FAILED, command + " on " + serial + " failed after "
                    + received + " bytes: " + transfer.describe(), receipt);
        };
    }

    private String describeCap() {
        return capBytes % (1024 * 1024) == 0 ? capBytes / (1024 * 1024) + " MiB" : capBytes + " bytes";
    }

    /** A clean end of stream: PNG-looking bytes go to the domain's verifier, anything else is a device error. */
    private static ScreenshotTransfer completedTransfer(String serial, long received, Head head,
                                                        DisplayViewports.Choice choice, Receipt receipt) {
        if (received == 0) {
            return failed(received, ErrorCodes.SCREENSHOT_FAILED, "screencap on " + serial + " produced no bytes", receipt);
        }
        if (!head.looksLikePng()) {
            // exec: merges stderr into stdout, so a device error or warning arrives as text before or instead of a PNG.
            String firstLine = head.firstLine();
            return failed(received, ErrorCodes.SCREENSHOT_FAILED, "screencap on " + serial
                    + " answered with something other than a PNG (" + received + " bytes); it began with \""
                    + Text.escapedLine(firstLine, FIRST_LINE_CHARS) + "\"" + displayAskedFor(firstLine, choice), receipt);
        }
        return new ScreenshotTransfer(received, true, Optional.empty(), Optional.of(receipt.done()));
    }

    /**
     * Some Android versions print a warning before the PNG of a phone with several displays when
     * screencap is given no display id: say which display the capture asked for.
     */
    private static String displayAskedFor(String firstLine, DisplayViewports.Choice choice) {
        if (!firstLine.startsWith(MULTIPLE_DISPLAYS_WARNING)) {
            return "";
        }
        if (choice instanceof DisplayViewports.Choice.PhysicalDisplay physical) {
            return "; the capture asked for physical display " + physical.physicalId()
                    + " (the active screen of display 0)";
        }
        return "; the capture asked for no display id: dumpsys display showed no viewport with isActive"
                + " (an older Android), so plain `screencap -p` ran on a phone with several displays";
    }

    /** COMMAND_CANCELLED with the phase it stopped in and whether screencap was started (the port's details). */
    private static ScreenshotTransfer cancelled(long received, CommandPhase phase, boolean dispatched, String message,
                                                Receipt receipt) {
        return ScreenshotTransfer.cancelled(received, new ScreenshotSource.Cancelled(phase, dispatched), message,
                Optional.of(receipt.done()));
    }

    private static ScreenshotTransfer failed(long received, String code, String message, Receipt receipt) {
        return new ScreenshotTransfer(received, false, Optional.of(Failure.of(code, message)),
                Optional.of(receipt.done()));
    }

    /** What is known of the transport so far; every return records it as it stands. */
    private static final class Receipt {
        private String command;
        private String physicalDisplayId;
        private Boolean legacyDisplayDump;
        private String displayState;
        private long bytesReceived;
        private Integer exitStatus;
        private long durationMs;

        TransportReceipt done() {
            return new TransportReceipt(command, 0, physicalDisplayId, legacyDisplayDump, displayState, bytesReceived,
                    exitStatus, durationMs);
        }
    }

    /** The first bytes of the stream, kept to tell a PNG from a device's error text. */
    private static final class Head {
        private final byte[] bytes = new byte[HEAD_BYTES];
        private int size;

        void keep(byte[] data, int offset, int length) {
            int n = Math.min(length, bytes.length - size);
            System.arraycopy(data, offset, bytes, size, n);
            size += n;
        }

        /** The stream starts as a PNG does (as far as it goes). */
        boolean looksLikePng() {
            int prefix = Math.min(size, PNG_SIGNATURE.length);
            for (int i = 0; i < prefix; i++) {
                if (bytes[i] != PNG_SIGNATURE[i]) {
                    return false;
                }
            }
            return true;
        }

        /** The kept bytes up to the first line feed, a malformed byte read as {@code \\xHH}. */
        String firstLine() {
            String text = Utf8.described(java.util.Arrays.copyOf(bytes, size));
            int newline = text.indexOf('\n');
            return newline < 0 ? text : text.substring(0, newline);
        }
    }
}
