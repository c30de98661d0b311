package com.androperator.evidence.kit.engine;

import com.androperator.evidence.kit.video.Toolbox;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario while it runs: its workspace, its private adb server and phone, the findings so far,
 * and the ways to run the implementation under test against them.
 */
public final class ScenarioRun {
    /** The Operator package of the sample phone; always passed explicitly (no automatic variant switch). */
    public static final String OPERATOR = "com.androperator.operator.dev";
    /** Variables of the kit's own environment that would point a child at another server, device or root. */
    private static final List<String> NOT_INHERITED = List.of("ANDROID_ADB_SERVER_PORT", "ANDROID_ADB_SERVER_ADDRESS",
            "ADB_SERVER_SOCKET", "ANDROID_SERIAL", "ADB_VENDOR_KEYS", "ADB_TRACE", "ADB_EMU",
            "ANDROPERATOR_EVIDENCE_DIR", "ANDROPERATOR_OPERATOR_PACKAGE");

    private final Scenario scenario;
    private final KitSettings settings;
    private final Workspace workspace;
    private final PrivateAdbLab lab;
    private final Verdict verdict = new Verdict();
    private final List<McpSession> sessions = new ArrayList<>();
    private final DeviceSimulator phone;

    ScenarioRun(Scenario scenario, KitSettings settings, Workspace workspace, PrivateAdbLab lab) {
        this.scenario = scenario;
        this.settings = settings;
        this.workspace = workspace;
        this.lab = lab;
        this.phone = scenario.phone() == null ? null : lab.attach(scenario.phone().apply(SampleProfiles.pixel()));
    }

    public Verdict verdict() {
        return verdict;
    }

    public Workspace workspace() {
        return workspace;
    }

    public PrivateAdbLab lab() {
        return lab;
    }

    public KitSettings settings() {
        return settings;
    }

    public Scenario scenario() {
        return scenario;
    }

    /** The scenario's phone, attached to the private server. */
    public DeviceSimulator phone() {
        if (phone == null) {
            throw new IllegalStateException(scenario.name() + " has no phone");
        }
        return phone;
    }

    public String serial() {
        return phone().serial();
    }

    /** The profile the phone runs. */
    public SimulatorProfile profile() {
        return phone().profile();
    }

    /**
     * The child's environment: the kit's own (PATH, JAVA_HOME, locale...) without anything that points
     * elsewhere, a private HOME, and the private adb server.
     */
    public Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        NOT_INHERITED.forEach(environment::remove);
        environment.put("HOME", workspace.home().toString());
        environment.putAll(lab.serverAddress());
        return environment;
    }

    /** {@link #environment()} with {@code changes} applied (a null value removes the variable). */
    public Map<String, String> environment(Map<String, String> changes) {
        Map<String, String> environment = environment();
        changes.forEach((name, value) -> {
            if (value == null) {
                environment.remove(name);
            } else {
                environment.put(name, value);
            }
        });
        return environment;
    }

    /** {@code evidence capture} on this scenario's phone into {@link Workspace#bundle()}. */
    public CliCommand capture() {
        return CliCommand.of("evidence", "capture").set("--device", serial()).set("--operator-package", OPERATOR)
                .set("--output-dir", workspace.bundle().toString());
    }

    /** Runs the CLI under test with {@code command} appended, in the workspace's working directory. */
    public Child.Result cli(CliCommand command) {
        return cli(command, environment());
    }

    public Child.Result cli(CliCommand command, Map<String, String> environment) {
        return Child.run(Child.command(settings.cli(), command.args()), environment, workspace.work(), workspace.kit());
    }

    /** Starts the MCP server under test (closed when the scenario ends) and initializes it. */
    public McpSession mcp(Map<String, String> environment) {
        McpSession session = McpSession.start(settings.mcp(), environment, workspace.work());
        sessions.add(session);
        return session;
    }

    /** This scenario's video tools (see {@link Toolbox}). */
    public Toolbox toolbox(String spans, Toolbox.Scrcpy scrcpy, Toolbox.Ffmpeg ffmpeg) {
        return Toolbox.prepare(workspace.tools(), settings.video(), serial(), spans, scrcpy, ffmpeg);
    }

    /** The environment for a video child: the toolbox's PATH in front. */
    public Map<String, String> environment(Toolbox toolbox, Map<String, String> changes) {
        Map<String, String> environment = environment(changes);
        environment.put("PATH", toolbox.path(environment.get("PATH")));
        return environment;
    }

    void closeSessions() {
        sessions.forEach(McpSession::close);
    }
}
