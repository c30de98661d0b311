package com.androperator.evidence.viewer;

/**
 * What a written page shows, for the command's result.
 *
 * @param bundleStatus        the manifest's status, or null without a readable manifest
 * @param evidenceId          the manifest's evidenceId, or null
 * @param conforms            whether the verifier found no problem
 * @param problems            how many problems it found (-1 when it could not run)
 * @param integrityFailures   artifacts whose bytes do not match the manifest now (or are missing or unreadable)
 * @param boxesDrawn          hierarchy nodes drawn (each one element with data-bounds)
 * @param nodesWithBounds     nodes with bounds in the hierarchy, drawn or not
 * @param nodesCapped         whether some nodes were not drawn (over the viewer's cap)
 * @param screenshot          inline, linked or none
 * @param clips               video clips shown
 * @param inlinedMediaBytes   media bytes inlined as data: URIs
 */
public record PageSummary(String bundleStatus, String evidenceId, boolean conforms, int problems, int integrityFailures,
                          long boxesDrawn, long nodesWithBounds, boolean nodesCapped, String screenshot, int clips,
                          long inlinedMediaBytes) {
}
