package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.DependencyReason;
import com.androperator.evidence.domain.video.model.HostTool;
import java.util.List;

/**
 * Checks the host's scrcpy, ffmpeg and ffprobe on the PATH it was given: scrcpy's --help lists
 * every flag of the recording command, ffmpeg is 6.1 or newer and passes the two-frame libx264
 * capability probe, ffprobe runs. It installs and creates nothing.
 */
public interface HostDependencyProbe {

    HostDependencyCheck check();

    /** One unmet requirement. {@code observed} says what was seen, for the message only. */
    record DependencyProblem(HostTool dependency, DependencyReason reason, String requirement, String observed) {
        public DependencyProblem {
            if (dependency == null || reason == null || requirement == null || requirement.isBlank()
                    || observed == null || observed.isBlank()) {
                throw new IllegalArgumentException("a dependency problem names the tool, reason, requirement and what was seen");
            }
        }
    }

    /** The absolute paths of the checked executables, which the recording then uses. */
    record HostTools(String scrcpy, String ffmpeg, String ffprobe) {
        public HostTools {
            for (String path : new String[] {scrcpy, ffmpeg, ffprobe}) {
                if (path == null || !path.startsWith("/")) {
                    throw new IllegalArgumentException("host tools are absolute paths");
                }
            }
        }
    }

    sealed interface HostDependencyCheck {
        record Satisfied(HostTools tools) implements HostDependencyCheck {
        }

        record Unmet(List<DependencyProblem> problems) implements HostDependencyCheck {
            public Unmet {
                problems = List.copyOf(problems);
                if (problems.isEmpty()) {
                    throw new IllegalArgumentException("an unmet check has at least one problem");
                }
            }
        }
    }
}
