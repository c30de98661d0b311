package com.androperator.evidence.simulator.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits a command line into words as a POSIX shell does: single quotes keep everything literal,
 * double quotes keep everything but {@code \\ \" \$ \`} escapes, an unquoted backslash escapes the
 * next character, and adjacent quoted parts join into one word (so {@code 'it'"'"'s'} is
 * {@code it's}). {@code ;}, {@code &&}, {@code ||} and newlines separate commands.
 *
 * <p>{@code $?}, unquoted or in double quotes, is the previous command's exit status (what a
 * client uses to learn each status of a command list): each step keeps where it stands in its
 * words ({@link ShellScript.Step#lastStatusAt}) until it runs. Pipes, redirections, background jobs,
 * subshells, command substitution and every other parameter expansion are rejected instead of
 * being half-done: {@code $} is only literal when quoted.
 */
public final class ShellParser {

    private final String line;
    private int position;
    /** Where {@code $?} stands in the word being read. */
    private final List<Integer> statusInWord = new ArrayList<>();
    /** Where {@code $?} stands in each finished word of the step being read. */
    private final List<Set<Integer>> statusInWords = new ArrayList<>();

    private ShellParser(String line) {
        this.line = line;
    }

    public static ShellScript parse(String line) throws ShellSyntaxException {
        return new ShellParser(line).script();
    }

    /** Only the words of a line with one simple command, for tests and callers that need argv. */
    public static List<String> words(String line) throws ShellSyntaxException {
        ShellScript script = parse(line);
        if (script.steps().size() > 1) {
            throw new ShellSyntaxException("more than one command in: " + line);
        }
        return script.steps().isEmpty() ? List.of() : script.steps().get(0).argv();
    }

    private ShellScript script() throws ShellSyntaxException {
        List<ShellScript.Step> steps = new ArrayList<>();
        List<String> words = new ArrayList<>();
        ShellScript.Connector connector = ShellScript.Connector.ALWAYS;
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        while (position < line.length()) {
            char c = line.charAt(position);
            if (c == ' ' || c == '\t') {
                position++;
                inWord = finishWord(words, word, inWord);
            } else if (c == ';' || c == '\n') {
                position++;
                inWord = finishWord(words, word, inWord);
                connector = finishStep(steps, words, connector, ShellScript.Connector.ALWAYS,
                        c == '\n');
            } else if (line.startsWith("&&", position) || line.startsWith("||", position)) {
                position += 2;
                inWord = finishWord(words, word, inWord);
                connector = finishStep(steps, words, connector,
                        c == '&' ? ShellScript.Connector.IF_SUCCESS
                                : ShellScript.Connector.IF_FAILURE, false);
            } else if (c == '#' && !inWord) {
                skipComment();
            } else if (line.startsWith("$?", position)) {
                inWord = lastStatus(word, 2);
            } else if ("|&<>()`".indexOf(c) >= 0 || c == '$' && isExpansionStart()) {
                throw new ShellSyntaxException("'" + c + "' is not supported by this shell");
            } else if (c == '\'') {
                position++;
                singleQuoted(word);
                inWord = true;
            } else if (c == '"') {
                position++;
                doubleQuoted(word);
                inWord = true;
            } else if (c == '\\') {
                position++;
                if (position >= line.length()) {
                    word.append('\\');
                } else if (line.charAt(position) == '\n') {
                    position++;
                } else {
                    word.append(line.charAt(position++));
                }
                inWord = inWord || word.length() > 0;
            } else {
                word.append(c);
                position++;
                inWord = true;
            }
        }
        finishWord(words, word, inWord);
        if (!words.isEmpty()) {
            steps.add(new ShellScript.Step(connector, words, statusInWords));
        } else if (connector != ShellScript.Connector.ALWAYS) {
            throw new ShellSyntaxException("syntax error: unexpected end of file");
        }
        return new ShellScript(steps);
    }

    /** Takes {@code $?} (the {@code length} characters left of it at {@link #position}) into {@code word}. */
    private boolean lastStatus(StringBuilder word, int length) {
        position += length;
        statusInWord.add(word.length());
        word.append("$?");
        return true;
    }

    private boolean isExpansionStart() {
        if (position + 1 >= line.length()) {
            return false;
        }
        char next = line.charAt(position + 1);
        return next == '{' || next == '(' || next == '_' || Character.isLetterOrDigit(next)
                || "?#@*!$-".indexOf(next) >= 0;
    }

    private void skipComment() {
        while (position < line.length() && line.charAt(position) != '\n') {
            position++;
        }
    }

    private void singleQuoted(StringBuilder word) throws ShellSyntaxException {
        int end = line.indexOf('\'', position);
        if (end < 0) {
            throw new ShellSyntaxException("no closing quote");
        }
        word.append(line, position, end);
        position = end + 1;
    }

    private void doubleQuoted(StringBuilder word) throws ShellSyntaxException {
        while (position < line.length()) {
            char c = line.charAt(position++);
            if (c == '"') {
                return;
            }
            if (c == '\\' && position < line.length()) {
                char next = line.charAt(position);
                if (next == '\n') {
                    position++;
                    continue;
                }
                if (next == '\\' || next == '"' || next == '$' || next == '`') {
                    word.append(next);
                    position++;
                    continue;
                }
                word.append(c);
                continue;
            }
            if (c == '$' && line.startsWith("?", position)) {
                lastStatus(word, 1);
                continue;
            }
            if (c == '`' || c == '$' && isExpansionStartAt(position - 1)) {
                throw new ShellSyntaxException("'" + c + "' is not supported by this shell");
            }
            word.append(c);
        }
        throw new ShellSyntaxException("no closing quote");
    }

    private boolean isExpansionStartAt(int dollar) {
        int saved = position;
        position = dollar;
        try {
            return isExpansionStart();
        } finally {
            position = saved;
        }
    }

    private boolean finishWord(List<String> words, StringBuilder word, boolean inWord) {
        if (inWord) {
            words.add(word.toString());
            word.setLength(0);
            statusInWords.add(Set.copyOf(statusInWord));
            statusInWord.clear();
        }
        return false;
    }

    private ShellScript.Connector finishStep(List<ShellScript.Step> steps,
            List<String> words, ShellScript.Connector current, ShellScript.Connector next,
            boolean newline) throws ShellSyntaxException {
        if (words.isEmpty()) {
            boolean danglingOperator = current != ShellScript.Connector.ALWAYS;
            if (danglingOperator && newline) {
                // "a &&\nb" continues the list on the next line, as in sh.
                return current;
            }
            if (danglingOperator || !newline) {
                throw new ShellSyntaxException("syntax error: unexpected operator");
            }
            return next;
        }
        steps.add(new ShellScript.Step(current, words, statusInWords));
        words.clear();
        statusInWords.clear();
        return next;
    }
}
