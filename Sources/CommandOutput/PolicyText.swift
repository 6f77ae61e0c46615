// PolicyText.swift: the engine's comparison results in words: how a URL matched a redirect URI, why it
// did not, where a near miss's host stands, and how a received state differs from the one sent. The
// engine gives values (SentinelMatcher.Match, MismatchReason, NearMiss, StateDifference); the words are
// made here, for the renderers and the findings that quote them.
import NavigationPolicy
import SecretMasking
import SensitiveText

extension SentinelMatcher.Match {
    package var text: String {
        switch (anyLoopbackPort, trailingSlash) {
        case (false, false): return "scheme, host, port and path equal"
        case (true, false): return "scheme, host and path equal; port: any, loopback"
        case (false, true): return "scheme, host and port equal; path: trailing slash"
        case (true, true): return "scheme and host equal; port: any, loopback; path: trailing slash"
        }
    }
}

extension SentinelMatcher.MismatchReason {
    /// The reason in words, masked with `redactor`.
    package func text(masking redactor: Redactor) -> String { redactor.text(words) }

    /// The reason's words and the values they quote: the URL's path is read as a path (its secret
    /// `name=value` pairs masked), the sentinel's parts as the rules' input.
    package var words: MessageText {
        switch self {
        case .userinfo: "the URL carries userinfo; a sentinel never matches credentials"  // the user is not quoted: often a token
        case .scheme(let actual, let expected): "scheme \(input: actual) is not \(input: expected)"
        case .host(let actual, let expected): "host \(input: actual) is not \(input: expected)"
        case .port(let actual, let expected): "port \(words: actual.map(String.init) ?? "none") is not \(words: expected.map(String.init) ?? "none")"
        case .path(let actual, let expected): "path \(path: actual) is not \(path: expected)"
        case .trailingSlash(let path, let present):
            present ? "path \(path: path) has a trailing slash" : "path \(path: path) lacks the trailing slash"
        }
    }
}

extension SentinelMatcher.NearMiss {
    /// The near miss in words, masked.
    package var text: String { Redactor().text(words) }

    /// The near miss: words, and the hosts the URL and the rule gave.
    package var words: MessageText {
        let reason: MessageText = "host \(input: host) is not \(input: expected)"
        switch place {
        case .userinfo: return reason + " (\(input: expected) is in the userinfo, before the @; a browser goes to \(input: host))"
        case .trailingDot: return reason + " (a trailing dot makes it another host to the URL parser)"
        case .longerHost: return reason + " (a different host that merely contains it)"
        case .path: return reason + " (\(input: expected) is in the path)"
        case .query: return reason + " (\(input: expected) is in the query; a browser goes to \(input: host))"
        case .fragment: return reason + " (\(input: expected) is in the fragment; a browser goes to \(input: host))"
        case .internationalized: return reason + " (an internationalized name: it only looks like \(input: expected))"
        case .elsewhere: return reason
        }
    }
}

extension StateDifference {
    package var text: String {
        switch self {
        case .surroundingWhitespace: "they differ only in white space at either end"
        case .letterCase: "they differ only in letter case"
        case .percentEncoding: "they are equal once percent-decoded: one was encoded once more than the other"
        case .truncated(let received, let sent): "the received one is the sent one cut short (\(received) of \(sent) characters)"
        case .extended(let received, let sent): "the received one is the sent one with more after it (\(received) characters, \(sent) sent)"
        case .lengths(let received, let sent): "\(received) characters received, \(sent) sent"
        case .characters(let differing, let length): "same length (\(length)), \(differing) of the characters differ"
        case .maskedValues(let length): "same length (\(length)); the recording keeps only their keyed digests, and those differ"
        }
    }
}

extension UnaskedInterception {
    /// What the platform does with a navigation a rule would intercept, in words, the rule's name masked.
    package var text: String { Redactor().text(words) }

    /// What the platform does with a navigation a rule would intercept: words, the rule's name and the
    /// method as the rules and the log gave them.
    package var words: MessageText {
        let what: MessageText = rule.map { "\(quoted: $0)'s \(words: kind.rawValue)" } ?? "the rules's \(words: kind.rawValue)"
        let delegate = platform == .android ? "shouldOverrideUrlLoading" : "decidePolicyFor"
        let platformName = platform == .android ? "Android" : "iOS"
        switch reason {
        case .method(let method):
            return "a \(input: method.name) to \(what): \(words: platformName) never calls \(words: delegate) for a \(input: method.name), so the result loads in the page"
        case .appInitiated:
            return "the app's own load (loadUrl) reaches \(what): \(words: platformName) does not ask the app about its own loads, so the result loads in the page"
        case .history(let type):
            return "a \(words: type.rawValue) navigation reaches \(what): \(words: platformName) treats back and forward as the app's own and does not ask, so the result loads in the page"
        case .sameDocument(.fragment):
            return "a fragment navigation reaches \(what): \(words: platformName) never calls \(words: delegate) within the document, so the result stays in the page's URL"
        case .sameDocument(.historyAPI):
            return "history.pushState puts \(what)'s result in the URL: no navigation happens, so \(words: platformName) never asks and the result stays in the page"
        case .subframe(let scheme):
            return "an \(words: scheme) navigation in a subframe reaches \(what): \(words: platformName) asks only about the top frame's, so the result loads in the iframe"
        case .sandboxedFrame(let sandbox):
            return "a frame sandboxed with \(quoted: sandbox.attribute) opens \(what): \(words: platformName) drops a custom scheme leaving it before asking, so the app never sees the result"
        }
    }
}
