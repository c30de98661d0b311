package com.androperator.evidence.domain.video;

/**
 * A video start as the caller gave it; {@link StartVideo} validates every field before anything is
 * created. {@code outputDir} is an absolute new directory as given, or null for a managed bundle
 * under the evidence root. {@code operatorPackage} is optional (video records through scrcpy and
 * never talks to the Operator): validated when given and recorded as device.operatorPackage, null
 * otherwise. {@code durationSeconds} is required (1..180); {@code size} is
 * "WIDTHxHEIGHT" or null for the default; {@code label} and {@code context} follow the
 * still-capture contracts.
 */
public record VideoStartCommand(String outputDir, String deviceSerial, String operatorPackage,
                                Integer durationSeconds, String size, String label, Object context) {
}
