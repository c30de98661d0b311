package com.androperator.evidence.cli;

import picocli.CommandLine.Option;

/**
 * {@code --label} and {@code --context-json}: what a caller attaches to a bundle. Still capture and
 * video start share one contract for both (the spec: "the same contracts as still capture"), so
 * they share one declaration.
 */
final class BundleAnnotationOptions {
    @Option(names = CliTerms.LABEL, paramLabel = "<text>", description = "Optional label, at most 2048 UTF-16 code units.")
    String label;

    @Option(names = CliTerms.CONTEXT, paramLabel = "<object>",
            description = "Optional JSON object copied into the manifest as given (at most 16 KiB). Default: {}.")
    String contextJson;
}
