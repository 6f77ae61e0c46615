// FrameScope.java: which frames a sentinel applies to.
package dev.bridge.policy;

public enum FrameScope {
    MAIN("main"), SUB("sub"), ANY("any");

    public final String word;

    FrameScope(String word) { this.word = word; }

    public static FrameScope named(String word) {
        for (FrameScope scope : values()) if (scope.word.equals(word)) return scope;
        return null;
    }
}
