package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.policy.CallerText;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.RequestField;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The recording canvas. By default the current display is scaled down to a longest edge of at
 * most 1280 with both edges rounded down to positive even numbers; a requested size WxH takes positive even
 * dimensions within 1% of the display's aspect ratio. Later clips of a fold keep their own aspect
 * ratio within the initial longest edge.
 */
public final class VideoSizing {
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,5})x([0-9]{1,5})");

    private VideoSizing() {
    }

    /** The display as the recording sees it at start: wm reports the natural size, a quarter turn swaps it. */
    public static VideoSize currentOrientation(int naturalWidth, int naturalHeight, @Nullable Integer rotation) {
        boolean quarterTurn = rotation != null && (rotation == 1 || rotation == 3);
        return quarterTurn ? new VideoSize(naturalHeight, naturalWidth) : new VideoSize(naturalWidth, naturalHeight);
    }

    /** The default canvas: longest edge at most 1280, both edges rounded down to even, never below 2. */
    public static VideoSize defaultFor(VideoSize display) {
        return fitWithin(display, VideoLimits.DEFAULT_LONGEST_EDGE);
    }

    /** Scales {@code size} down (never up) so that its longest edge is at most {@code longestEdge}, edges even. */
    public static VideoSize fitWithin(VideoSize size, int longestEdge) {
        int longest = Math.max(size.width(), size.height());
        long width = size.width();
        long height = size.height();
        if (longest > longestEdge) {
            width = width * longestEdge / longest;
            height = height * longestEdge / longest;
        }
        return new VideoSize(evenAtLeastTwo(width), evenAtLeastTwo(height));
    }

    /** Checks only the form of a requested size: WIDTHxHEIGHT with positive even edges. */
    public static Checked<VideoSize> parse(CallerTerms terms, @Nullable String given) {
        String option = terms.field(RequestField.SIZE);
        String fix = "give WIDTHxHEIGHT with positive even numbers in the display's aspect ratio, e.g. 576x1280, or omit "
                + option + " for the default";
        Matcher matcher = SIZE.matcher(given == null ? "" : given);
        if (!matcher.matches()) {
            return invalid(terms, option + " must look like WIDTHxHEIGHT, got \"" + CallerText.printable(given) + "\": " + fix);
        }
        int width = Integer.parseInt(matcher.group(1));
        int height = Integer.parseInt(matcher.group(2));
        if (width <= 0 || height <= 0 || width % 2 != 0 || height % 2 != 0) {
            return invalid(terms, option + " edges must be positive even numbers, got " + width + "x" + height + ": " + fix);
        }
        return Checked.accepted(new VideoSize(width, height));
    }

    /** Validates a requested size against the current display: the form, then the aspect ratio within 1%. */
    public static Checked<VideoSize> requested(CallerTerms terms, String given, VideoSize display) {
        String option = terms.field(RequestField.SIZE);
        return parse(terms, given).flatMap(size -> {
            double requestedAspect = (double) size.width() / size.height();
            double displayAspect = (double) display.width() / display.height();
            if (Math.abs(requestedAspect / displayAspect - 1.0) > VideoLimits.ASPECT_TOLERANCE) {
                return invalid(terms, option + " " + size + " differs from the current display aspect ratio (" + display
                        + ") by more than 1%: give positive even WIDTHxHEIGHT in that ratio, e.g. " + defaultFor(display)
                        + ", or omit " + option + " for the default");
            }
            return Checked.accepted(size);
        });
    }

    /**
     * The size of a clip after the first: the span's own aspect ratio, within the initial longest
     * edge, edges rounded down to even for H.264 4:2:0.
     */
    public static VideoSize laterClip(VideoSize span, int initialLongestEdge) {
        return fitWithin(span, initialLongestEdge);
    }

    public static int longestEdge(VideoSize size) {
        return Math.max(size.width(), size.height());
    }

    private static int evenAtLeastTwo(long edge) {
        long even = edge - (edge % 2);
        return (int) Math.max(2, even);
    }

    private static <T> Checked<T> invalid(CallerTerms terms, String message) {
        return Checked.rejected(terms.refusal(RequestField.SIZE, message));
    }
}
