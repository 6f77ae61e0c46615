// Main.java: the jar's command line, for CI's differential against the Swift CLI and for a person at a desk:
// `java -jar bridge-engine.jar url [--format json] [FILE|-]…` prints what a browser makes of each line, the
// same `url` lines, field for field, that `bridge url --format json --reveal` prints (words aside: a parse
// error carries its code; only the Swift CLI's output module makes English); `check` (CheckCommand) decides
// URLs with a rules file as `bridge check --format json` does.
package dev.bridge.cli;

import dev.bridge.json.JSONWriter;
import dev.bridge.url.BrowserURL;
import dev.bridge.url.IDNAProblem;
import dev.bridge.url.URLParseError;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public final class Main {
    private Main() {}

    public static void main(String[] arguments) throws IOException {
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        int status = run(arguments, System.in, out, System.err);
        out.flush();
        System.exit(status);
    }

    /** Runs a command; returns the exit status (0 ok, 1 a URL did not parse, 2 a usage or input error). */
    static int run(String[] arguments, InputStream stdin, PrintStream out, PrintStream err) throws IOException {
        if (arguments.length > 0 && arguments[0].equals("check")) return CheckCommand.run(arguments, stdin, out, err);
        if (arguments.length == 0 || !arguments[0].equals("url")) {
            err.println("usage: java -jar bridge-engine.jar url [--format json] [FILE|-]...");
            err.println("       java -jar bridge-engine.jar check --rules FILE [--platform ios|android] [--format json] [--reveal] [navigation options] [URL|-]...");
            return 2;
        }
        List<String> files = new ArrayList<>();
        for (int i = 1; i < arguments.length; i++) {
            if (arguments[i].equals("--format") && i + 1 < arguments.length && arguments[i + 1].equals("json")) { i++; continue; }
            if (arguments[i].startsWith("--") && !arguments[i].equals("--")) {
                err.println("url: unknown option " + arguments[i]);
                return 2;
            }
            files.add(arguments[i]);
        }
        if (files.isEmpty()) files.add("-");
        int status = 0;
        for (String file : files) {
            byte[] bytes;
            try {
                if (file.equals("-")) {
                    bytes = readAll(stdin);
                } else {
                    try (InputStream input = Files.newInputStream(Paths.get(file))) { bytes = readAll(input); }
                }
            } catch (NoSuchFileException e) {
                err.println("url: " + file + ": no such file");
                status = 2;
                continue;
            } catch (IOException e) {
                // A directory, no permission, a failed read: said, and the other files still read.
                err.println("url: " + file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
                status = 2;
                continue;
            }
            for (Line line : lines(bytes)) {
                BrowserURL.Result result = BrowserURL.parse(line.text);
                if (result.url == null) status = Math.max(status, 1);
                out.println(urlLine(file, line.number, line.text, result));
            }
        }
        return status;
    }

    /** A line of input and its number (1-based). */
    static final class Line {
        final int number;
        final String text;

        Line(int number, String text) {
            this.number = number;
            this.text = text;
        }
    }

    /**
     * The lines of a file as the Swift CLI reads them (InputArguments.readLines): split at "\n", one "\r" before it
     * dropped, a UTF-8 byte-order mark skipped, blank lines (spaces and tabs) and lines starting with "#" left out,
     * invalid UTF-8 replaced with U+FFFD.
     */
    static List<Line> lines(byte[] bytes) {
        List<Line> lines = new ArrayList<>();
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        int number = 1;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') end++;
            int stop = end > start && bytes[end - 1] == '\r' ? end - 1 : end;
            boolean blank = true;
            for (int i = start; i < stop; i++) if (bytes[i] != ' ' && bytes[i] != '\t') { blank = false; break; }
            if (!blank && bytes[start] != '#') lines.add(new Line(number, new String(bytes, start, stop - start, StandardCharsets.UTF_8)));
            number++;
            start = end + 1;
        }
        return lines;
    }

    static byte[] readAll(InputStream input) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 16];
        for (int n; (n = input.read(chunk)) > 0; ) out.write(chunk, 0, n);
        return out.toByteArray();
    }

    /** A URL parse error as the Swift CLI's JSON writes it: its code, and its detail as values. */
    static JSONWriter urlError(URLParseError error) {
        JSONWriter object = new JSONWriter().add("code", error.code.specName);
        // The detail as the Swift CLI writes it (its JSON names and fields), so the differential compares it too.
        IDNAProblem problem = error.domain;
        if (problem == null) return object.addNull("detail");
        JSONWriter detail = new JSONWriter().add("problem", problem.kind.jsonName);
        if (problem.codePoint >= 0) detail.add("codePoint", IDNAProblem.codePointName(problem.codePoint));
        if (problem.label > 0) detail.add("label", problem.label);
        if (problem.rule > 0) detail.add("rule", problem.rule);
        return object.add("detail", detail);
    }

    static String urlLine(String file, int line, String input, BrowserURL.Result result) {
        JSONWriter json = new JSONWriter().add("type", "url").add("file", file).add("line", line).addNull("column").add("input", input)
                .add("valid", result.url != null);
        BrowserURL url = result.url;
        json.add("url", url == null ? null : url.href()).add("origin", url == null ? null : url.origin())
                .add("protocol", url == null ? null : url.protocol()).add("username", url == null ? null : url.username())
                .add("password", url == null ? null : url.password()).add("host", url == null ? null : url.host())
                .add("hostname", url == null ? null : url.hostname()).add("port", url == null ? null : url.port())
                .add("pathname", url == null ? null : url.pathname()).add("search", url == null ? null : url.search())
                .add("hash", url == null ? null : url.hash());
        if (url != null) return json.addNull("error").line();
        return json.add("error", urlError(result.error)).line();
    }
}
