package com.androperator.evidence.viewer;

/**
 * What a verified screenshot of one colour shows, in the words the viewer and the CLI's pretty
 * output share. Such an image is complete: the sentence explains it, it never changes a status.
 */
public final class ScreenWords {
    private ScreenWords() {
    }

    /**
     * "the screenshot is entirely #000000: a secure window, DRM content or a screen that is off show
     * this way", with the display's power state when the receipt gives it.
     */
    public static String singleColour(String colour, String displayState) {
        return "the screenshot is entirely " + colour + ": a secure window, DRM content or a screen that is off"
                + " show this way" + (displayState == null ? "" : " (display state " + displayState + ")");
    }
}
