package com.androperator.evidence.simulator.transport;

/** The adb transport's message commands: four ASCII letters read as a little-endian int. */
public final class AdbCommand {

    public static final int SYNC = 0x434e5953;
    public static final int CNXN = 0x4e584e43;
    public static final int AUTH = 0x48545541;
    public static final int OPEN = 0x4e45504f;
    public static final int OKAY = 0x59414b4f;
    public static final int CLSE = 0x45534c43;
    public static final int WRTE = 0x45545257;
    public static final int STLS = 0x534c5453;

    private AdbCommand() {}

    /** The four letters of a known command, or its hex value, for diagnostics. */
    public static String name(int command) {
        return switch (command) {
            case SYNC -> "SYNC";
            case CNXN -> "CNXN";
            case AUTH -> "AUTH";
            case OPEN -> "OPEN";
            case OKAY -> "OKAY";
            case CLSE -> "CLSE";
            case WRTE -> "WRTE";
            case STLS -> "STLS";
            default -> String.format("0x%08x", command);
        };
    }
}
