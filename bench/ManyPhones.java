import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ProfileLoader;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.imageio.ImageIO;

/**
 * Simulated Pixels in this JVM, each with its own screen (the sample screenshot with the phone's
 * number stamped across it), attached to the bench's adb server; captured through one MCP server
 * all at once and one after the other. Every bundle's screenshot.png must hash to its own phone's
 * screen: any other hash is cross-talk.
 */
final class ManyPhones implements AutoCloseable {
    private final List<DeviceSimulator> phones = new ArrayList<>();
    private final List<String> screens = new ArrayList<>();
    private final List<String> crossTalk = new ArrayList<>();

    ManyPhones(int count, String adb, int port) throws IOException, InterruptedException {
        this(count, adb, port, UnaryOperator.identity());
    }

    /** {@code profile}: what each phone's profile changes from the sample Pixel's (latencies, say). */
    ManyPhones(int count, String adb, int port, UnaryOperator<SimulatorProfile.Builder> profile)
            throws IOException, InterruptedException {
        SimulatorProfile pixel = profile.apply(ProfileLoader.loadClasspath("profiles/pixel/profile.json").toBuilder())
                .build();
        BufferedImage sample = ImageIO.read(new ByteArrayInputStream(pixel.displays().get(0).screenshot().read()));
        for (int i = 0; i < count; i++) {
            byte[] png = stamped(sample, i);
            screens.add(sha256(png));
            SimulatorProfile own = pixel.toBuilder()
                    .eachDisplay(display -> display.withScreenshot(ProfileFile.inMemory("screenshot.png", png)))
                    .build();
            DeviceSimulator phone = DeviceSimulator.start(own, 0);
            phones.add(phone);
            Process connect = new ProcessBuilder(adb, "-P", Integer.toString(port), "connect", phone.serial())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            connect.waitFor();
        }
        BareAdbClient server = new BareAdbClient(port, "", "");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!allOnline(server.devices())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the simulated phones did not all come online: " + server.devices());
            }
            Thread.sleep(50);
        }
    }

    List<String> serials() {
        return phones.stream().map(DeviceSimulator::serial).toList();
    }

    /** Wall milliseconds for capturing every phone at once, each on its own thread, through {@code capture}. */
    double concurrently(Function<String, CommandResult> capture) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(phones.size());
        try {
            long started = System.nanoTime();
            List<Future<CommandResult>> results = new ArrayList<>();
            for (String serial : serials()) {
                results.add(threads.submit(() -> capture.apply(serial)));
            }
            List<CommandResult> done = new ArrayList<>();
            for (Future<CommandResult> result : results) {
                done.add(result.get());
            }
            double millis = (System.nanoTime() - started) / 1e6;
            check(done);
            return millis;
        } finally {
            threads.shutdown();
        }
    }

    /** Wall milliseconds for capturing every phone at once through {@code captureAll} (results in the serials' order). */
    double atOnce(Function<List<String>, List<CommandResult>> captureAll) {
        long started = System.nanoTime();
        List<CommandResult> done = captureAll.apply(serials());
        double millis = (System.nanoTime() - started) / 1e6;
        check(done);
        return millis;
    }

    double serially(Function<String, CommandResult> capture) {
        long started = System.nanoTime();
        List<CommandResult> done = new ArrayList<>();
        for (String serial : serials()) {
            done.add(capture.apply(serial));
        }
        double millis = (System.nanoTime() - started) / 1e6;
        check(done);
        return millis;
    }

    /** Phones whose bundle held another screen, or no screenshot; empty when there was no cross-talk. */
    List<String> crossTalk() {
        return List.copyOf(crossTalk);
    }

    private void check(List<CommandResult> results) {
        for (int i = 0; i < results.size(); i++) {
            CommandResult result = results.get(i);
            if (result.manifestPath() == null) {
                crossTalk.add("phone " + i + " (" + phones.get(i).serial() + ") has no bundle: " + result.code());
                continue;
            }
            Path screenshot = Path.of(result.manifestPath()).resolveSibling("screenshot.png");
            try {
                String found = Files.exists(screenshot) ? sha256(Files.readAllBytes(screenshot)) : "none";
                if (!found.equals(screens.get(i))) {
                    int other = screens.indexOf(found);
                    crossTalk.add("phone " + i + " (" + phones.get(i).serial() + ") holds "
                            + (other < 0 ? found : "phone " + other + "'s screen"));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private boolean allOnline(String devices) {
        for (DeviceSimulator phone : phones) {
            if (!devices.lines().anyMatch(line -> line.startsWith(phone.serial()) && line.contains(" device "))) {
                return false;
            }
        }
        return true;
    }

    private static byte[] stamped(BufferedImage sample, int number) throws IOException {
        BufferedImage copy = new BufferedImage(sample.getWidth(), sample.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = copy.createGraphics();
        graphics.drawImage(sample, 0, 0, null);
        graphics.setColor(Color.getHSBColor(number / 16f, 0.8f, 0.9f));
        graphics.fillRect(0, 0, sample.getWidth(), 160);
        // The phone's number in binary, one black square per set bit (no fonts needed on a headless JDK).
        graphics.setColor(Color.BLACK);
        for (int bit = 0; bit < 8; bit++) {
            if ((number >> bit & 1) != 0) {
                graphics.fillRect(40 + bit * 130, 20, 120, 120);
            }
        }
        graphics.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(copy, "png", png);
        return png.toByteArray();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        for (DeviceSimulator phone : phones) {
            phone.close();
        }
    }
}
