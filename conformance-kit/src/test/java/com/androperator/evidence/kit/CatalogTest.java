package com.androperator.evidence.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.kit.engine.Scenario;
import com.androperator.evidence.kit.engine.Surface;
import com.androperator.evidence.kit.scenario.Catalog;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CatalogTest {

    @Test
    void atLeastThirtyScenariosWithUniqueNamesOnEverySurface() {
        List<Scenario> all = Catalog.all();

        assertThat(all).hasSizeGreaterThanOrEqualTo(30);
        assertThat(all.stream().map(Scenario::name).collect(Collectors.toSet())).hasSize(all.size());
        assertThat(all.stream().map(Scenario::surface).collect(Collectors.toSet()))
                .isEqualTo(Set.of(Surface.values()));
        // Every scenario quotes the spec; a shortened quote marks the cut with "...".
        assertThat(all).allSatisfy(s -> assertThat(s.spec()).doesNotContain("\t").doesNotContain("..  "));
    }

    @Test
    void onlySelectsByNameAndGlobInCatalogOrder() {
        List<String> names = Catalog.select(List.of("video-idle-partial", "capture-*")).stream().map(Scenario::name).toList();

        assertThat(names).startsWith("capture-complete").endsWith("video-idle-partial");
        assertThat(names).allSatisfy(n -> assertThat(n).matches("capture-.*|video-idle-partial"));
        assertThatThrownBy(() -> Catalog.select(List.of("capture-complete", "nope*")))
                .hasMessageContaining("--only nope* matches no scenario");
    }
}
