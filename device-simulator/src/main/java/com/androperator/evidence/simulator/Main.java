package com.androperator.evidence.simulator;

import com.androperator.evidence.simulator.profile.InvalidProfileException;
import com.androperator.evidence.simulator.profile.ProfileLoader;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code Main --profile FILE [--port N]}: runs one simulated device until SIGINT or SIGTERM.
 * Once listening it prints exactly one line, {@code {"port":N,"serial":"127.0.0.1:N"}}, so a
 * parent process can read the port. {@code --profile classpath:RESOURCE} loads a packaged profile.
 */
public final class Main {

    private static final String USAGE = "usage: device-simulator --profile FILE|classpath:RESOURCE"
            + " [--port N]";

    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        String profileArg = null;
        int port = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--profile" -> profileArg = i + 1 < args.length ? args[++i] : null;
                case "--port" -> port = i + 1 < args.length ? parsePort(args[++i]) : -1;
                case "--help", "-h" -> {
                    System.out.println(USAGE);
                    return;
                }
                default -> exit(USAGE + "\nunknown argument: " + args[i]);
            }
        }
        if (profileArg == null || port < 0) {
            exit(USAGE);
        }
        SimulatorProfile profile;
        try {
            profile = profileArg.startsWith("classpath:")
                    ? ProfileLoader.loadClasspath(profileArg.substring("classpath:".length()))
                    : ProfileLoader.load(Path.of(profileArg));
        } catch (InvalidProfileException | UncheckedIOException e) {
            exit("device-simulator: invalid profile " + profileArg + ": " + e.getMessage());
            return;
        }
        DeviceSimulator simulator;
        try {
            simulator = DeviceSimulator.start(profile, port);
        } catch (UncheckedIOException e) {
            exit("device-simulator: " + e.getMessage() + ": " + e.getCause().getMessage());
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            simulator.close();
            stopped.countDown();
        }, "device-simulator-shutdown"));
        PrintStream out = System.out;
        out.println("{\"port\":" + simulator.port() + ",\"serial\":\"" + simulator.serial() + "\"}");
        out.flush();
        stopped.await();
    }

    private static int parsePort(String text) {
        try {
            int port = Integer.parseInt(text);
            return port >= 0 && port <= 65_535 ? port : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void exit(String message) {
        System.err.println(message);
        System.exit(2);
    }
}
