// MainTest.java: the jar's `url` command reads lines as the Swift CLI reads them (InputArguments.readLines),
// so the two print the same line numbers for the same input: the differential pairs lines by them.
package dev.bridge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bridge.json.JSONReader;
import dev.bridge.json.JSONValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MainTest {
    @Test void linesAreSplitAtNewlinesWithBlankAndCommentLinesLeftOut() {
        byte[] input = "\uFEFFhttps://a.example/\r\n\n   \t\n# a comment\nnot a url\r\r\nlast".getBytes(StandardCharsets.UTF_8);
        List<String> texts = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (Main.Line line : Main.lines(input)) {
            texts.add(line.text);
            numbers.add(line.number);
        }
        assertEquals(Arrays.asList("https://a.example/", "not a url\r", "last"), texts);
        assertEquals(Arrays.asList(1, 5, 6), numbers);
    }

    @Test void urlPrintsOneLinePerURLAndExitsOneWhenOneDoesNotParse() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"url", "--format", "json", "-"},
                new ByteArrayInputStream("https://evil.com\\@good.com/\nhttp://0x7f.1/\nnot a url\n".getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8"));
        assertEquals(1, status);
        String[] lines = new String(out.toByteArray(), StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length);
        JSONValue first = JSONReader.parse(lines[0]), second = JSONReader.parse(lines[1]), third = JSONReader.parse(lines[2]);
        assertEquals("evil.com", first.get("hostname").string());
        assertEquals("127.0.0.1", second.get("host").string());
        assertEquals(Boolean.FALSE, third.get("valid").bool());
        assertEquals("missing-scheme-non-relative-URL", third.get("error").get("code").string());
    }

    @Test void anUnknownCommandIsAUsageError() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"check"}, new ByteArrayInputStream(new byte[0]), new PrintStream(new ByteArrayOutputStream(), true, "UTF-8"),
                new PrintStream(err, true, "UTF-8"));
        assertEquals(2, status);
    }

    @Test void aDomainErrorCarriesUTS46sProblemAsTheSwiftCLIWritesIt() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(new String[] {"url", "-"}, new ByteArrayInputStream("https://a\u200Cb/\nhttps://\u05D0a/\n".getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, "UTF-8"), new PrintStream(new ByteArrayOutputStream(), true, "UTF-8"));
        String[] lines = new String(out.toByteArray(), StandardCharsets.UTF_8).split("\n");
        JSONValue joiner = JSONReader.parse(lines[0]).get("error").get("detail"), bidi = JSONReader.parse(lines[1]).get("error").get("detail");
        assertEquals("contextj", joiner.get("problem").string());
        assertEquals("U+200C", joiner.get("codePoint").string());
        assertEquals("1", joiner.get("label").numberText());
        assertEquals("bidi", bidi.get("problem").string());
        assertEquals("2", bidi.get("rule").numberText());
    }

    @Test void aFileThatCannotBeReadIsSaidAndTheOthersAreStillRead() throws Exception {
        java.nio.file.Path directory = java.nio.file.Files.createTempDirectory("bridge-url");
        java.nio.file.Path file = directory.resolve("urls.txt");
        java.nio.file.Files.write(file, "https://a.example/\n".getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"url", directory.toString(), directory.resolve("missing").toString(), file.toString()},
                new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8"));
        assertEquals(2, status);
        assertEquals(2, new String(err.toByteArray(), StandardCharsets.UTF_8).split("\n").length);
        assertEquals("a.example", JSONReader.parse(new String(out.toByteArray(), StandardCharsets.UTF_8).trim()).get("host").string());
        java.nio.file.Files.delete(file);
        java.nio.file.Files.delete(directory);
    }
}
