// FormParametersTest.java: the Swift engine's BrowserURLBehaviourTests on form parameters, in Java: "+" is a
// space, UTF-8 percent-decoding, order and duplicates kept; a deep link's and an implicit response's values.
package dev.bridge.url;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormParametersTest {
    @Test void plusIsSpaceUTF8PercentDecodingOrderAndDuplicatesKept() {
        FormParameters params = FormParameters.parse("a=1&b=x+y%20z&&a=2&c&d=%C3%A9&e=%FF&=v&f=a=b");
        List<String> names = new ArrayList<>();
        for (FormParameters.Pair pair : params.pairs()) names.add(pair.name);
        assertEquals(Arrays.asList("a", "b", "a", "c", "d", "e", "", "f"), names);
        assertEquals(Arrays.asList("1", "2"), params.all("a"));
        assertEquals("x y z", params.first("b"));
        assertEquals("", params.first("c"));
        assertEquals("é", params.first("d"));
        assertEquals("\uFFFD", params.first("e"));
        assertEquals("a=b", params.first("f"));
        assertEquals(2, params.countOf("a"));
        assertEquals("q=a+b&r=%C3%A9", FormParameters.parse("q=a b&r=é").serialized());
    }

    @Test void aDeepLinksParameters() {
        BrowserURL url = BrowserURL.parse("yourapp://reset-password?token=abc123&email=user%40example.com").url;
        assertEquals("reset-password", url.hostname());
        assertEquals("user@example.com", url.queryParameters().first("email"));
        assertEquals("abc123", url.queryParameters().first("token"));
    }

    @Test void anImplicitResponsesFragmentParameters() {
        BrowserURL url = BrowserURL.parse("https://example.com/cb#access_token=T&token_type=Bearer&state=s").url;
        assertEquals("T", url.fragmentParameters().first("access_token"));
        assertTrue(url.queryParameters().isEmpty());
        assertEquals("TOKEN", BrowserURL.parse("janrain:accessToken=TOKEN").url.pathParameters().first("accessToken"));
    }
}
