package com.androperator.evidence.archfixture.broken.cli;

/** Breaks edgesUseTheCompositionRoot: the cli edge names an adapter itself. */
final class WiresAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}

/** Breaks cliHoldsNoDaemon: a daemon class (named Daemon*) in the cli edge. */
final class DaemonWire {
}

/** Breaks cliHoldsNoDaemon: a daemon class (named *Daemon) in the cli edge. */
final class CaptureDaemon {
}

/** Breaks cliHoldsNoDaemon: the cli edge listens for clients itself. */
final class ListensForClients {
    private java.net.ServerSocket server;
}
