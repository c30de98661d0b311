package com.androperator.evidence.simulator;

import com.androperator.evidence.simulator.device.SimulatedDevice;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.transport.AdbDeviceServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A simulated Android phone in TCP mode: {@code adb connect 127.0.0.1:PORT} attaches the real
 * adb server to it. Close it to make the device disappear.
 */
public final class DeviceSimulator implements AutoCloseable {

    private final SimulatedDevice device;
    private final AdbDeviceServer server;
    private final ExecutorService threads;
    private final ScheduledExecutorService scheduler;

    private DeviceSimulator(SimulatedDevice device, AdbDeviceServer server, ExecutorService threads,
            ScheduledExecutorService scheduler) {
        this.device = device;
        this.server = server;
        this.threads = threads;
        this.scheduler = scheduler;
    }

    /**
     * Starts listening on 127.0.0.1.
     *
     * @param port the TCP port, or 0 for a free one
     * @throws UncheckedIOException when the port cannot be bound
     */
    public static DeviceSimulator start(SimulatorProfile profile, int port) {
        ThreadFactory threadFactory = daemonThreads("device-simulator");
        ExecutorService threads = Executors.newCachedThreadPool(threadFactory);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
                daemonThreads("device-simulator-timer"));
        SimulatedDevice device = new SimulatedDevice(profile, scheduler, Clock.systemUTC());
        try {
            AdbDeviceServer server = AdbDeviceServer.start(port,
                    () -> device.profile().transportSettings(), device, threads, scheduler);
            return new DeviceSimulator(device, server, threads, scheduler);
        } catch (IOException e) {
            threads.shutdownNow();
            scheduler.shutdownNow();
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
    }

    public int port() {
        return server.port();
    }

    /** The serial the adb server shows for this device: {@code 127.0.0.1:PORT}. */
    public String serial() {
        return "127.0.0.1:" + port();
    }

    /** Every service string the host opened, in order, e.g. {@code shell,v2,raw:getprop}. */
    public List<String> receivedServices() {
        return device.services().snapshot();
    }

    /**
     * Waits for a received service to match, e.g. {@code s -> s.contains("am broadcast")}.
     *
     * @return the first matching service, or null when none arrived in time
     */
    public String awaitService(Predicate<String> matching, Duration timeout)
            throws InterruptedException {
        return device.services().await(matching, timeout);
    }

    /**
     * Waits until a stall fault makes a matching command hang (its bytes so far written), e.g.
     * {@code c -> c.startsWith("screencap")}.
     *
     * @return the command line, or null when none stalled in time
     */
    public String awaitStall(Predicate<String> matching, Duration timeout) throws InterruptedException {
        return device.stalls().await(matching, timeout);
    }

    /** As {@link #awaitStall(Predicate, Duration)}, skipping the first {@code skip} stalls (see {@link #stallCount()}). */
    public String awaitStall(Predicate<String> matching, int skip, Duration timeout) throws InterruptedException {
        return device.stalls().await(matching, skip, timeout);
    }

    /** How many commands stalled so far. */
    public int stallCount() {
        return device.stalls().size();
    }

    /** As {@link #awaitService(Predicate, Duration)}, skipping the first {@code skip} services received. */
    public String awaitService(Predicate<String> matching, int skip, Duration timeout) throws InterruptedException {
        return device.services().await(matching, skip, timeout);
    }

    public SimulatorProfile profile() {
        return device.profile();
    }

    /**
     * Changes the running device, e.g. locks it or clears a fault after a reconnect. Streams
     * opened from now on see the change; the banner changes for new connections only.
     */
    public void updateProfile(UnaryOperator<SimulatorProfile> change) {
        device.setProfile(change.apply(device.profile()));
    }

    /** TCP connections from adb servers that are open now. */
    public int openConnections() {
        return server.openConnections();
    }

    /**
     * Cuts every connection as a dying device does and refuses new ones for {@code offline}; then
     * the port listens again, so {@code adb connect} re-attaches the device.
     */
    public void dropConnections(Duration offline) {
        server.cutAllConnections(offline);
    }

    /** Whether the device accepts connections now (false while offline after a drop). */
    public boolean reachable() {
        return server.listening();
    }

    /** The device behind the transport: log buffer, Operator, services. */
    public SimulatedDevice device() {
        return device;
    }

    @Override
    public void close() {
        server.close();
        threads.shutdownNow();
        scheduler.shutdownNow();
        try {
            threads.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
