package com.androperator.evidence.simulator;

import com.androperator.evidence.simulator.profile.InvalidProfileException;
import com.androperator.evidence.simulator.profile.ProfileLoader;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.recorded.RecordedPhone;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code Main --profile FILE [--port N]}: runs one simulated device until SIGINT or SIGTERM.
 * Once listening it prints exactly one line, {@code {"port":N,"serial":"127.0.0.1:N"}}, so a
 * parent process can read the port. {@code --profile classpath:RESOURCE} loads a packaged profile.
 * {@code --recorded DIR} (or {@code realworld:DEVICE}, a folder of the packaged corpus) serves a
 * real phone's recorded outputs over the profile, or over the sample phone without one.
 */
public final class Main {

    private static final String USAGE = "usage: device-simulator --profile FILE|classpath:RESOURCE"
            + " [--recorded DIR|realworld:DEVICE] [--port N]\n"
            + "       device-simulator --recorded DIR|realworld:DEVICE [--port N]";

    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        String profileArg = null;
        String recordedArg = null;
        int port = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--profile" -> profileArg = i + 1 < args.length ? args[++i] : null;
                case "--recorded" -> recordedArg = i + 1 < args.length ? args[++i] : null;
                case "--port" -> port = i + 1 < args.length ? parsePort(args[++i]) : -1;
                case "--help", "-h" -> {
                    System.out.println(USAGE);
                    return;
                }
                default -> exit(USAGE + "\nunknown argument: " + args[i]);
            }
        }
        if ((profileArg == null && recordedArg == null) || port < 0) {
            exit(USAGE);
        }
        SimulatorProfile profile;
        try {
            profile = profileArg == null ? SampleProfiles.pixel()
                    : profileArg.startsWith("classpath:")
                    ? ProfileLoader.loadClasspath(profileArg.substring("classpath:".length()))
                    : ProfileLoader.load(Path.of(profileArg));
            if (recordedArg != null) {
                profile = recordedArg.startsWith("realworld:")
                        ? RecordedPhone.fromCorpus(recordedArg.substring("realworld:".length()), profile)
                        : RecordedPhone.fromDirectory(Path.of(recordedArg), profile);
            }
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
