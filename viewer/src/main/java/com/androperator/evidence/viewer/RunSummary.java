package com.androperator.evidence.viewer;

import java.util.Map;

/**
 * What a written run page shows, for the command's result.
 *
 * @param bundles     bundles shown
 * @param capped      whether the directory held more than the page shows
 * @param pagesLinked bundles whose own page is linked (written now, or already there)
 * @param thumbnails  bundles shown with a screenshot thumbnail
 * @param statuses    how many bundles have each status ("unknown" without a readable one)
 */
public record RunSummary(int bundles, boolean capped, int pagesLinked, int thumbnails, Map<String, Integer> statuses) {
    public RunSummary {
        statuses = Map.copyOf(statuses);
    }
}
