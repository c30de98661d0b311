package com.androperator.evidence.distribution;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a tool's representative commands ({@code src/training/TOOL.training}) with
 * {@code -XX:DumpLoadedClassList} and writes the union of the classes they loaded: the class list
 * that {@code bin/lib/launcher.sh} turns into the tool's class-data-sharing archive on first use.
 *
 * <p>A class list names classes, not paths, so it is made here once; the archive itself holds the
 * jar's path and the JVM's build, so it can only be made where the tool runs. The list is sorted
 * (the classes first, then the {@code @lambda-...} lines, which need their classes loaded), so the
 * same build gives the same list whatever order a server's threads loaded classes in; generated
 * classes (proxies, lambdas, reflection accessors) are left out, since a dump cannot find them by name.
 */
final class ClassListTraining {
    private static final long STEP_TIMEOUT_SECONDS = 120;
    private static final Pattern GENERATED = Pattern.compile(
            ".*(\\$\\$Lambda|\\$Proxy|/Generated\\w*Accessor|LambdaForm\\$|\\$Species_|^jdk/proxy).*");
    private static final Pattern REQUEST_ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    private static final Pattern ANSWER_ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+|null)");

    /** One line of a training file: the status it must end with (null: any of 0, 1, 2) and its arguments. */
    record Step(Integer expectedStatus, List<String> arguments, String session) {
    }

    private final Path trainingDirectory;
    private final Path work;

    ClassListTraining(Path trainingDirectory, Path work) {
        this.trainingDirectory = trainingDirectory;
        this.work = work;
    }

    static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The class list of the tool, or empty when it has no training file (it then runs without an archive). */
    Optional<Path> train(Tool tool, Path jar) throws IOException, InterruptedException {
        Path file = trainingDirectory.resolve(tool.name() + ".training");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Path directory = work.resolve(tool.name());
        Staging.deleteTree(directory);
        Files.createDirectories(directory);
        Path bundle = copyBundle(directory.resolve("bundle"));
        List<Path> lists = new ArrayList<>();
        List<Step> steps = read(file);
        try (EmptyAdbServer adb = EmptyAdbServer.start()) {
            for (int index = 0; index < steps.size(); index++) {
                Path list = directory.resolve("step-" + index + ".classlist");
                run(tool, jar, steps.get(index), list, directory, bundle, index, adb);
                lists.add(list);
            }
        }
        Path merged = work.resolve(tool.name() + ".classlist");
        Files.write(merged, merge(lists), StandardCharsets.UTF_8);
        return Optional.of(merged);
    }

    static List<Step> read(Path file) throws IOException {
        List<Step> steps = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            List<String> words = Arrays.asList(trimmed.split(" +"));
            Integer status = words.get(0).equals("*") ? null : Integer.valueOf(words.get(0));
            List<String> arguments = words.subList(1, words.size());
            String session = arguments.size() == 1 && arguments.get(0).startsWith("<")
                    ? arguments.get(0).substring(1) : null;
            steps.add(new Step(status, session == null ? List.copyOf(arguments) : List.of(), session));
        }
        return steps;
    }

    private Path copyBundle(Path target) throws IOException {
        // The contract's modes (0700 directory, 0600 files), which git cannot keep: verify checks them.
        Staging.copyTree(trainingDirectory.resolve("bundle"), target);
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
        try (var files = Files.list(target)) {
            for (Path file : files.toList()) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            }
        }
        return target;
    }

    private void run(Tool tool, Path jar, Step step, Path list, Path directory, Path bundle, int index,
                     EmptyAdbServer adb) throws IOException, InterruptedException {
        Path scratch = Files.createDirectories(directory.resolve("work-" + index));
        List<String> command = new ArrayList<>(List.of(javaExecutable().toString(), "-Xshare:off",
                "-XX:DumpLoadedClassList=" + list, "-jar", jar.toString()));
        for (String argument : step.arguments()) {
            command.add(argument.replace("${bundle}", bundle.toString()).replace("${work}", scratch.toString()));
        }
        Path out = directory.resolve("step-" + index + ".out");
        Path err = directory.resolve("step-" + index + ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
        // An adb server with no devices and no adb on PATH: device work fails fast, the same way on every
        // machine, and nothing is started; nothing outside work/ is written.
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.put("PATH", Files.createDirectories(directory.resolve("empty-path")).toString());
        environment.put("HOME", Files.createDirectories(directory.resolve("home")).toString());
        environment.put("TMPDIR", Files.createDirectories(directory.resolve("tmp")).toString());
        environment.put("ADB_SERVER_SOCKET", adb.address());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", directory.resolve("evidence").toString());
        environment.put("LC_ALL", "C.UTF-8");
        int status;
        if (step.session() == null) {
            Process process = builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).start();
            status = await(process, tool, step);
        } else {
            status = converse(builder.start(), trainingDirectory.resolve(step.session()), out, tool, step);
        }
        boolean expected = step.expectedStatus() == null ? status >= 0 && status <= 2 : status == step.expectedStatus();
        if (!expected || !Files.isRegularFile(list)) {
            throw new BuildFailure("training " + tool.name() + " " + describe(step) + " exited " + status
                    + " (expected " + (step.expectedStatus() == null ? "0, 1 or 2" : step.expectedStatus())
                    + "); stdout: " + excerpt(out) + "; stderr: " + excerpt(err)
                    + (step.arguments().contains("${bundle}") ? "; if the bundle format changed, run "
                    + "distribution/src/training/capture-bundle.sh" : ""));
        }
    }

    /** Sends the session's lines one at a time, waiting for the answer to each, then closes stdin. */
    private static int converse(Process process, Path session, Path out, Tool tool, Step step)
            throws IOException, InterruptedException {
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        List<String> transcript = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    answers.add(line);
                }
            } catch (IOException e) {
                answers.add("");
            }
        }, "training-stdout");
        reader.setDaemon(true);
        reader.start();
        try (OutputStream stdin = process.getOutputStream()) {
            for (String line : Files.readAllLines(session, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                transcript.add("> " + line);
                if (isNotification(line)) {
                    continue;
                }
                String answer;
                do {
                    answer = answers.poll(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    if (answer == null) {
                        process.destroyForcibly();
                        throw new BuildFailure("training " + tool.name() + ": no answer to " + line);
                    }
                    transcript.add("< " + answer);
                } while (!ANSWER_ID.matcher(answer).find());
            }
        }
        int status = await(process, tool, step);
        reader.join(TimeUnit.SECONDS.toMillis(STEP_TIMEOUT_SECONDS));
        answers.forEach(line -> transcript.add("< " + line));
        Files.write(out, transcript, StandardCharsets.UTF_8);
        return status;
    }

    private static boolean isNotification(String line) {
        Matcher id = REQUEST_ID.matcher(line);
        return line.contains("\"method\"") && !id.find();
    }

    private static int await(Process process, Tool tool, Step step) throws InterruptedException {
        if (!process.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new BuildFailure("training " + tool.name() + " " + describe(step) + " did not end in "
                    + STEP_TIMEOUT_SECONDS + " s");
        }
        return process.exitValue();
    }

    /** The union of the lists: class names sorted, then the {@code @} lines sorted; generated classes left out. */
    static List<String> merge(List<Path> lists) throws IOException {
        TreeSet<String> classes = new TreeSet<>();
        TreeSet<String> invokers = new TreeSet<>();
        for (Path list : lists) {
            for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("@")) {
                    invokers.add(line);
                } else if (!GENERATED.matcher(line.split(" ", 2)[0]).matches()) {
                    classes.add(line);
                }
            }
        }
        List<String> merged = new ArrayList<>(List.of(
                "# The classes androperator's training commands loaded (distribution/src/training); a JVM turns",
                "# them into a class-data-sharing archive with -Xshare:dump -XX:SharedClassListFile (bin/lib/launcher.sh)."));
        merged.addAll(classes);
        merged.addAll(invokers);
        return merged;
    }

    private static String describe(Step step) {
        return step.session() != null ? "<" + step.session() : String.join(" ", step.arguments());
    }

    private static String excerpt(Path file) {
        try {
            String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            return text.length() > 2000 ? text.substring(0, 2000) + "..." : text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
