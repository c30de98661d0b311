package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import java.nio.file.Path;

/**
 * A use case as an edge sees it: its outcome rendered by {@link VideoResults} in the CLI's terms,
 * for the tests that assert on the result object a caller receives.
 */
final class Rendered {
    private Rendered() {
    }

    static CommandResult of(SessionOutcome outcome) {
        return VideoResults.render(outcome, CliLikeTerms.INSTANCE);
    }

    record Start(StartVideo useCase) {
        CommandResult execute(VideoStartCommand command) {
            return of(useCase.execute(command));
        }
    }

    record Sessions(VideoSessions useCase) {
        CommandResult status(Path manifestPath, VideoSessions.ExpectedTarget expected) {
            return of(useCase.status(manifestPath, expected));
        }

        CommandResult stop(Path manifestPath, VideoSessions.ExpectedTarget expected) {
            return of(useCase.stop(manifestPath, expected));
        }

        CommandResult stop(Path manifestPath, VideoSessions.ExpectedTarget expected, VideoSessions.StopProgress progress) {
            return of(useCase.stop(manifestPath, expected, progress));
        }
    }
}
