package com.androperator.evidence.junit5;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * A test JVM of its own, for {@link ProcessEnvironmentTest}: runs one fixture method the way a
 * launcher does (system properties and {@code junit-platform.properties} count as configuration
 * parameters) and prints, one per line, {@code ENTRY <key> <value>} for each report entry and
 * {@code RESULT <status> <exception class> <message>} for each test, tab-separated, with
 * backslash, tab and newline escaped.
 *
 * <p>Arguments: the fixture class, the method, then {@code key=value} launcher parameters.
 */
public final class FixtureMain {
    private FixtureMain() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        EngineTestKit.Builder kit = EngineTestKit.engine(FixtureRun.ENGINE)
                .selectors(selectMethod(Class.forName(args[0]), args[1]))
                .enableImplicitConfigurationParameters(true);
        for (int i = 2; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            kit.configurationParameter(args[i].substring(0, equals), args[i].substring(equals + 1));
        }
        EngineExecutionResults results = kit.execute();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        results.allEvents().reportingEntryPublished().stream()
                .flatMap(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().entrySet().stream())
                .forEach(entry -> out.println("ENTRY\t" + escape(entry.getKey()) + "\t" + escape(entry.getValue())));
        results.testEvents().finished().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class))
                .forEach(result -> out.println("RESULT\t" + result.getStatus() + "\t"
                        + result.getThrowable().map(t -> t.getClass().getName() + "\t" + escape(String.valueOf(
                                t.getMessage()))).orElse("-\t-")));
    }

    static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }
}
