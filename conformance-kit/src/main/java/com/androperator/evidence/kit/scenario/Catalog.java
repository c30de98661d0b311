package com.androperator.evidence.kit.scenario;

import com.androperator.evidence.kit.engine.Scenario;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Every scenario, in the order they run. To add one, see conformance-kit/README.md. */
public final class Catalog {
    private Catalog() {
    }

    public static List<Scenario> all() {
        List<Scenario> all = new ArrayList<>();
        all.addAll(CaptureScenarios.all());
        all.addAll(OperatorScenarios.all());
        all.addAll(ScreenshotScenarios.all());
        all.addAll(MetadataScenarios.all());
        all.addAll(OptionScenarios.all());
        all.addAll(SelectionScenarios.all());
        all.addAll(McpScenarios.all());
        all.addAll(VideoScenarios.all());
        Set<String> names = new HashSet<>();
        for (Scenario scenario : all) {
            if (!names.add(scenario.name())) {
                throw new IllegalStateException("two scenarios are named " + scenario.name());
            }
        }
        return List.copyOf(all);
    }

    /**
     * The scenarios {@code patterns} select, in catalog order: each a name, or a glob with {@code *}.
     *
     * @throws IllegalArgumentException naming a pattern that selects nothing
     */
    public static List<Scenario> select(List<String> patterns) {
        List<Scenario> all = all();
        if (patterns.isEmpty()) {
            return all;
        }
        List<Pattern> compiled = new ArrayList<>();
        for (String pattern : patterns) {
            Pattern regex = Pattern.compile(("\\Q" + pattern + "\\E").replace("*", "\\E.*\\Q"));
            if (all.stream().noneMatch(s -> regex.matcher(s.name()).matches())) {
                throw new IllegalArgumentException("--only " + pattern + " matches no scenario (see --list)");
            }
            compiled.add(regex);
        }
        return all.stream().filter(s -> compiled.stream().anyMatch(p -> p.matcher(s.name()).matches())).toList();
    }
}
