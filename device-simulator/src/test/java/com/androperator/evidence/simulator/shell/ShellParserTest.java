package com.androperator.evidence.simulator.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ShellParserTest {

    static Stream<Arguments> words() {
        return Stream.of(
                Arguments.of("screencap '-p'", List.of("screencap", "-p")),
                Arguments.of("screencap -p -d 4619827259835644672",
                        List.of("screencap", "-p", "-d", "4619827259835644672")),
                Arguments.of("  getprop   ro.build.version.sdk  ",
                        List.of("getprop", "ro.build.version.sdk")),
                Arguments.of("echo 'it'\"'\"'s'", List.of("echo", "it's")),
                Arguments.of("echo \"a \\\"b\\\" \\\\ \\$x \\n\"", List.of("echo", "a \"b\" \\ $x \\n")),
                Arguments.of("echo a\\ b \\'c\\'", List.of("echo", "a b", "'c'")),
                Arguments.of("echo '' \"\" x", List.of("echo", "", "", "x")),
                Arguments.of("echo 'a;b&&c|d' \"$\"", List.of("echo", "a;b&&c|d", "$")),
                Arguments.of("echo pre'mid'\"post\"", List.of("echo", "premidpost")),
                Arguments.of("echo a\\\nb", List.of("echo", "ab")),
                Arguments.of("echo $ 5$", List.of("echo", "$", "5$")),
                Arguments.of("am broadcast --es payload '{\"commandId\":\"e1-hierarchy\","
                        + "\"actions\":[{\"id\":\"snap\",\"type\":\"snapshot_ui\"}]}'",
                        List.of("am", "broadcast", "--es", "payload", "{\"commandId\":\"e1-hierarchy\","
                                + "\"actions\":[{\"id\":\"snap\",\"type\":\"snapshot_ui\"}]}")),
                Arguments.of("am broadcast --es payload '{\"label\":\"it'\"'\"'s\"}'",
                        List.of("am", "broadcast", "--es", "payload", "{\"label\":\"it's\"}")),
                Arguments.of("echo x # a comment", List.of("echo", "x")),
                Arguments.of("echo a#b", List.of("echo", "a#b")));
    }

    @ParameterizedTest
    @MethodSource
    void words(String line, List<String> expected) throws ShellSyntaxException {
        assertThat(ShellParser.words(line)).isEqualTo(expected);
    }

    @Test
    void separatorsSplitCommandsAndKeepTheirConditions() throws ShellSyntaxException {
        ShellScript script = ShellParser.parse("export ANDROID_LOG_TAGS=\"''\" ; exec logcat '-v' 'time'"
                + " && true || exit 3\nfalse;");

        assertThat(script.steps()).containsExactly(
                new ShellScript.Step(ShellScript.Connector.ALWAYS,
                        List.of("export", "ANDROID_LOG_TAGS=''")),
                new ShellScript.Step(ShellScript.Connector.ALWAYS, List.of("exec", "logcat", "-v", "time")),
                new ShellScript.Step(ShellScript.Connector.IF_SUCCESS, List.of("true")),
                new ShellScript.Step(ShellScript.Connector.IF_FAILURE, List.of("exit", "3")),
                new ShellScript.Step(ShellScript.Connector.ALWAYS, List.of("false")));
    }

    @Test
    void blankLineHasNoSteps() throws ShellSyntaxException {
        assertThat(ShellParser.parse(" \t ").steps()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"echo 'open", "echo \"open", "echo \"a'b"})
    void unterminatedQuotesAreSyntaxErrors(String line) {
        assertThatThrownBy(() -> ShellParser.parse(line))
                .isInstanceOf(ShellSyntaxException.class).hasMessage("no closing quote");
    }

    @ParameterizedTest
    @ValueSource(strings = {"getprop | grep sdk", "screencap -p > /sdcard/s.png", "sleep 1 &",
        "echo $HOME", "echo \"${x}\"", "echo `id`", "echo $(id)", "(echo)", "&& echo", "echo ;;",
        "echo &&", "echo $#", "echo \"$1\""})
    void unsupportedSyntaxIsRejectedNotGuessed(String line) {
        assertThatThrownBy(() -> ShellParser.parse(line)).isInstanceOf(ShellSyntaxException.class);
    }

    @Test
    void lastStatusExpandsWhenItsStepRuns() throws ShellSyntaxException {
        ShellScript script = ShellParser.parse("false; echo a$?b \"[$?]\" '$?' \\$? $?$?");

        assertThat(script.steps().get(1).argv()).containsExactly("echo", "a$?b", "[$?]", "$?", "$?", "$?$?");
        assertThat(script.steps().get(1).argv(1)).containsExactly("echo", "a1b", "[1]", "$?", "$?", "11");
        assertThat(script.steps().get(1).argv(0)).containsExactly("echo", "a0b", "[0]", "$?", "$?", "00");
        assertThat(ShellParser.parse("echo \uE000").steps().get(0).argv(7)).containsExactly("echo", "\uE000");
    }
}
