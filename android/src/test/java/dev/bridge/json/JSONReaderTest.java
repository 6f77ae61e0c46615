// JSONReaderTest.java: the strict reader refuses what RFC 8259 does not allow (and a key given twice), at the
// line and column where it stops, as the Swift engine's JSON reader does for rules files.
package dev.bridge.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JSONReaderTest {
    static JSONReader.Problem refused(String text) {
        return assertThrows(JSONReader.Problem.class, () -> JSONReader.parse(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test void readsObjectsInDocumentOrder() throws Exception {
        JSONValue value = JSONReader.parse("\uFEFF{\"b\": [1, -2.5e3, true, null], \"a\": \"\\u00e9\\n\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals("[b, a]", value.members().keySet().toString());
        assertEquals("-2.5e3", value.get("b").items().get(1).numberText());
        assertEquals("é\n", value.get("a").string());
    }

    @Test void refusesWhatRFC8259DoesNotAllow() {
        assertEquals(JSONReader.Problem.Kind.UNEXPECTED_CHARACTER, refused("{\"a\": 1,}").kind);
        assertEquals(JSONReader.Problem.Kind.UNEXPECTED_CHARACTER, refused("// comment\n{}").kind);
        assertEquals(JSONReader.Problem.Kind.UNEXPECTED_CHARACTER, refused("[01]").kind);
        assertEquals(JSONReader.Problem.Kind.UNEXPECTED_END, refused("[-").kind);
        assertEquals(JSONReader.Problem.Kind.INVALID_NUMBER, refused("[1.]").kind);
        assertEquals(JSONReader.Problem.Kind.CONTROL_CHARACTER, refused("[\"a\tb\"]").kind);
        assertEquals(JSONReader.Problem.Kind.INVALID_ESCAPE, refused("[\"\\x\"]").kind);
        assertEquals(JSONReader.Problem.Kind.TRAILING_TEXT, refused("{} {}").kind);
        assertEquals(JSONReader.Problem.Kind.UNEXPECTED_END, refused("{\"a\": [1, 2").kind);
    }

    @Test void aKeyGivenTwiceIsRefusedAtItsSecondPlace() {
        JSONReader.Problem problem = refused("{\n  \"allow\": [],\n  \"allow\": []\n}");
        assertEquals(JSONReader.Problem.Kind.DUPLICATE_KEY, problem.kind);
        assertEquals("allow", problem.key);
        assertEquals(3, problem.line);
        assertEquals(3, problem.column);
    }

    @Test void invalidUTF8AndDeepNestingAreRefusedNotCrashes() {
        assertEquals(JSONReader.Problem.Kind.INVALID_UTF8,
                assertThrows(JSONReader.Problem.class, () -> JSONReader.parse(new byte[] {'[', '"', (byte) 0xC3, '"', ']'})).kind);
        StringBuilder deep = new StringBuilder();
        for (int i = 0; i < 100_000; i++) deep.append('[');
        assertEquals(JSONReader.Problem.Kind.TOO_DEEP, refused(deep.toString()).kind);
    }
}
