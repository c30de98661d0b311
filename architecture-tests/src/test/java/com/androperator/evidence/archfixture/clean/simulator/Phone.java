package com.androperator.evidence.archfixture.clean.simulator;

/** The simulated phone: java.*, javax.* and Jackson only. */
public final class Phone {
    private javax.net.ServerSocketFactory sockets;
    private tools.jackson.databind.JsonNode profile;

    public byte[] screenshot() {
        return new Screen().png();
    }
}
