package com.androperator.evidence.api.video;

/**
 * A video start as the edge received it. Every field is validated by the use case before anything
 * is created.
 *
 * @param deviceSerial    required explicit device serial
 * @param operatorPackage optional: video records through scrcpy and never talks to the Operator. When
 *                        given it is validated and recorded exactly as device.operatorPackage; null
 *                        records null and reads no Operator version
 * @param outputDir       an absolute new bundle directory as given (CLI), or null for a managed
 *                        bundle under {@code <evidence root>/bundles/<sessionId>} (MCP, Java callers)
 * @param durationSeconds required, 1..180
 * @param size            "WIDTHxHEIGHT" (positive even, within 1% of the display aspect) or null for
 *                        the default longest edge of 1280
 * @param label           optional, at most 2048 UTF-16 code units
 * @param context         the caller's JSON object (a {@code Map}); null means {@code {}}
 */
public record VideoStartRequest(String deviceSerial, String operatorPackage, String outputDir, Integer durationSeconds,
                                String size, String label, Object context) {
}
