package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DisplayViewportsTest {
    private static final String INNER = "4619827551948147201";
    private static final String OUTER = "4619827259835644672";

    private static String viewport(boolean active, String uniqueId, int displayId, int orientation) {
        return "DisplayViewport{type=INTERNAL, valid=true, isActive=" + active + ", displayId=" + displayId
                + ", uniqueId='" + uniqueId + "', physicalPort=0, orientation=" + orientation
                + ", logicalFrame=Rect(0, 0 - 1080, 2092), physicalFrame=Rect(0, 0 - 1080, 2092),"
                + " deviceWidth=1080, deviceHeight=2092}";
    }

    private static String dump(String... viewports) {
        return "DISPLAY MANAGER (dumpsys display)\n  mOnlyCore=false\n  mViewports=["
                + String.join(", ", viewports) + "]\n  mDefaultDisplayDefaultColorMode=0\n";
    }

    @Test
    void aFoldableWhoseOuterScreenIsActiveCapturesTheOuterScreen() {
        DisplayViewports.Choice choice = DisplayViewports.choose(dump(
                viewport(false, "local:" + INNER, 0, 0),
                viewport(true, "local:" + OUTER, 0, 1)));

        assertThat(choice).isEqualTo(new DisplayViewports.Choice.PhysicalDisplay(OUTER, 1, 2));
    }

    @Test
    void aFoldableWhoseInnerScreenIsActiveCapturesTheInnerScreen() {
        DisplayViewports.Choice choice = DisplayViewports.choose(dump(
                viewport(true, "local:" + INNER, 0, 0),
                viewport(false, "local:" + OUTER, 0, 0)));

        assertThat(choice).isEqualTo(new DisplayViewports.Choice.PhysicalDisplay(INNER, 0, 2));
    }

    @Test
    void viewportsOfOtherDisplaysAndInvalidOnesDoNotCount() {
        DisplayViewports.Choice choice = DisplayViewports.choose(dump(
                viewport(true, "local:" + OUTER, 0, 0),
                "DisplayViewport{type=VIRTUAL, valid=true, isActive=true, displayId=2, uniqueId='virtual:com.x,1000,cast,0'}",
                "DisplayViewport{type=INTERNAL, valid=false, isActive=true, displayId=0, uniqueId='local:1'}"));

        assertThat(choice).isEqualTo(new DisplayViewports.Choice.PhysicalDisplay(OUTER, 0, 3));
    }

    @Test
    void theSameViewportPrintedTwiceIsOneScreen() {
        String active = viewport(true, "local:" + OUTER, 0, 0);
        DisplayViewports.Choice choice = DisplayViewports.choose(dump(active) + "  Viewports again: " + active + "\n");

        assertThat(choice).isInstanceOf(DisplayViewports.Choice.PhysicalDisplay.class);
    }

    @Test
    void twoActiveScreensAreRefusedWithBothListed() {
        DisplayViewports.Choice choice = DisplayViewports.choose(dump(
                viewport(true, "local:" + INNER, 0, 0),
                viewport(true, "local:" + OUTER, 0, 0)));

        assertThat(choice).isInstanceOf(DisplayViewports.Choice.Refused.class);
        assertThat(((DisplayViewports.Choice.Refused) choice).message())
                .contains("2 display viewports are valid, active and on display 0")
                .contains("local:" + INNER).contains("local:" + OUTER);
    }

    @Test
    void noActiveScreenIsRefused() {
        DisplayViewports.Choice choice = DisplayViewports.choose(dump(
                viewport(false, "local:" + INNER, 0, 0),
                viewport(false, "local:" + OUTER, 0, 0)));

        assertThat(choice).isInstanceOf(DisplayViewports.Choice.Refused.class);
        assertThat(((DisplayViewports.Choice.Refused) choice).message())
                .startsWith("no display viewport is valid, active and on display 0").contains("found 2");
    }

    @Test
    void anActiveViewportThatIsNotALocalPhysicalIdIsRefused() {
        assertThat(DisplayViewports.choose(dump(viewport(true, "virtual:abc", 0, 0))))
                .isInstanceOf(DisplayViewports.Choice.Refused.class);
        assertThat(DisplayViewports.choose(dump(viewport(true, "local:18446744073709551616", 0, 0))))
                .isInstanceOf(DisplayViewports.Choice.Refused.class);
    }

    @Test
    void theLargestUnsignedSixtyFourBitIdIsKeptAsText() {
        assertThat(DisplayViewports.choose(dump(viewport(true, "local:18446744073709551615", 0, 0))))
                .isEqualTo(new DisplayViewports.Choice.PhysicalDisplay("18446744073709551615", 0, 1));
    }

    @Test
    void anOlderDumpWithoutActivityUsesTheDefaultDisplay() {
        String android10 = dump("DisplayViewport{type=INTERNAL, valid=true, displayId=0, uniqueId='local:0',"
                + " physicalPort=0, orientation=0, logicalFrame=Rect(0, 0 - 1080, 1920), physicalFrame=Rect(0, 0 - 1080,"
                + " 1920), deviceWidth=1080, deviceHeight=1920}");
        String android8 = "  mDefaultViewport=DisplayViewport{valid=true, displayId=0, orientation=0,"
                + " logicalFrame=Rect(0, 0 - 720, 1280), physicalFrame=Rect(0, 0 - 720, 1280), deviceWidth=720,"
                + " deviceHeight=1280}\n  mExternalTouchViewport=DisplayViewport{valid=false, displayId=0}\n";

        assertThat(DisplayViewports.choose(android10)).isEqualTo(new DisplayViewports.Choice.DefaultDisplay(1));
        assertThat(DisplayViewports.choose(android8)).isEqualTo(new DisplayViewports.Choice.DefaultDisplay(2));
        assertThat(DisplayViewports.choose("")).isEqualTo(new DisplayViewports.Choice.DefaultDisplay(0));
    }

    @Test
    void fieldsAreParsedWithoutConfusingSimilarNames() {
        DisplayViewports.Viewport parsed = DisplayViewports.parse(
                "DisplayViewport{type=INTERNAL, isValid=false, valid=true, isActive=true, displayId=0,"
                        + " uniqueId='local:7', orientation=3}").get(0);

        assertThat(parsed).isEqualTo(new DisplayViewports.Viewport("INTERNAL", true, true, 0, "local:7", 3));
    }
}
