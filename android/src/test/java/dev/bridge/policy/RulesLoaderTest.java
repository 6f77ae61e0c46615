// RulesLoaderTest.java: a rules file that cannot be used fails with the Swift engine's problem codes, at the
// key path of the value at fault, every problem at once. (CI's engines-diff compares the two engines on more
// broken files; these are the loader's own cases.)
package dev.bridge.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RulesLoaderTest {
    static List<String> problems(String text) {
        RulesError error = assertThrows(RulesError.class, () -> RulesLoader.parse(text));
        List<String> problems = new ArrayList<>();
        for (RulesError problem : error.all()) problems.add(problem.keyPath + " " + problem.problem.code);
        return problems;
    }

    @Test void theFileAsAWhole() {
        assertEquals(list(" not-json"), problems("{\"version\": 1,"));
        assertEquals(list(" not-an-object"), problems("[]"));
        assertEquals(list("version missing-key"), problems("{}"));
        assertEquals(list("version unsupported-version"), problems("{\"version\": 2}"));
        assertEquals(list("version wrong-type"), problems("{\"version\": 1.5}"));
    }

    @Test void everyProblemAtOnce() {
        assertEquals(list("alsoBogus unknown-key", "bogus unknown-key", "default unknown-action", "platform unknown-platform",
                        "allow[0] misplaced-wildcard", "allow[1] origin-not-web", "sentinels[0].redirectURI redirect-uri-has-fragment",
                        "schemes[0].scheme web-scheme"),
                problems("{\"version\": 1, \"bogus\": 1, \"alsoBogus\": 2, \"default\": \"deny\", \"platform\": \"windows\","
                        + "\"allow\": [\"https://*x.example\", \"ftp://a.example\"], \"sentinels\": [{\"redirectURI\": \"https://a.example/cb#f\"}],"
                        + "\"schemes\": [{\"scheme\": \"HTTPS\"}]}"));
    }

    @Test void rulesThatCanNeverFire() {
        assertEquals(list("sentinels[1] shadowed-sentinel"),
                problems("{\"version\": 1, \"sentinels\": [{\"redirectURI\": \"https://a.example/cb\"}, {\"redirectURI\": \"https://A.example:443/cb\", \"require\": [\"code\"]}]}"));
        assertEquals(list("schemes[1] shadowed-scheme-rule"),
                problems("{\"version\": 1, \"schemes\": [{\"scheme\": \"myapp\"}, {\"scheme\": \"myapp\", \"route\": \"reset\"}]}"));
    }

    static List<String> list(String... items) {
        List<String> list = new ArrayList<>();
        for (String item : items) list.add(item);
        return list;
    }
}
