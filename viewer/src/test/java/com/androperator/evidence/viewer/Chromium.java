package com.androperator.evidence.viewer;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's chromium in headless mode, driven by Debian's chromedriver through Selenium: both
 * executables are named, so Selenium Manager never runs (nothing is downloaded; this machine's
 * network is closed), and each session gets a fresh profile directory. A page is loaded from its
 * file: URL exactly as a person opening it would; the browser's console is collected so a test
 * can require that it stays free of errors (CSP violations are errors too).
 */
final class Chromium implements AutoCloseable {
    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /** Screenshots of rendered pages, kept for people to look at. */
    static final Path SCREENSHOTS = Path.of("target", "viewer-screenshots").toAbsolutePath();

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    static Chromium start() {
        if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException(BROWSER + " and " + DRIVER + " are needed for the browser tests: install them with"
                    + " apt-get install -y chromium chromium-driver (.ci/run does)");
        }
        try {
            Path profile = Files.createTempDirectory("viewer-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(BROWSER.toFile());
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--user-data-dir=" + profile, "--window-size=1400,1000", "--hide-scrollbars",
                    "--autoplay-policy=no-user-gesture-required", "--mute-audio");
            LoggingPreferences logging = new LoggingPreferences();
            logging.enable(LogType.BROWSER, Level.ALL);
            options.setCapability("goog:loggingPrefs", logging);
            ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                    .usingAnyFreePort().withLogFile(profile.resolve("chromedriver.log").toFile()).build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().window().setSize(new Dimension(1400, 1000));
            return new Chromium(driver, profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads the page and waits until the document and its images have loaded. */
    void open(Path page) {
        driver.get(page.toUri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> "complete".equals(script("return document.readyState")));
    }

    Object script(String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
    }

    long count(String javascript, Object... arguments) {
        return ((Number) script(javascript, arguments)).longValue();
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    List<WebElement> findAll(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    ChromeDriver driver() {
        return driver;
    }

    /** Waits (bounded) until {@code javascript} returns true. */
    boolean await(String javascript, Duration timeout) {
        try {
            new WebDriverWait(driver, timeout).until(d -> Boolean.TRUE.equals(script(javascript)));
            return true;
        } catch (org.openqa.selenium.TimeoutException e) {
            return false;
        }
    }

    /** Console entries since the last call, at warning level and above. */
    List<String> consoleProblems() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue())
                .map(LogEntry::toString).toList();
    }

    /** A screenshot of the viewport, saved as {@code target/viewer-screenshots/<name>.png}. */
    BufferedImage screenshot(String name) {
        try {
            byte[] png = driver.getScreenshotAs(OutputType.BYTES);
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), png);
            return ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    new File(path.toString()).delete();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
