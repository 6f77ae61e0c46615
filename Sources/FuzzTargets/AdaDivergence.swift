// AdaDivergence.swift: where ada (at the version Tests/Fuzz/run pins) parses otherwise than the URL
// Standard, each with what shows it. A difference the fuzzer finds that none of these explains is a bug
// of ours, or a new divergence to list here with its case.
import BrowserURL

enum AdaDivergence: CaseIterable {
    /// ada applies the Bidi Rule (RFC 5893 §2) only to a label with right-to-left characters; the URL
    /// Standard's domain to ASCII runs UTS #46 with CheckBidi, whose validity criterion 8 (§4.1) applies it
    /// to every label of a Bidi domain name. Shown by Unicode's IdnaTestV2.txt, `0a.\u{5D0}` [B1] (WPT's
    /// copy of that file leaves the Bidi cases out: `--exclude-bidi`), which UTS46Tests holds; WPT's
    /// toascii.json `يa` ("CheckBidi is true"), a single right-to-left label, ada refuses as we do.
    case bidiRuleOnEveryLabel

    /// ada decodes a Punycode label whose only delimiter is its first character (`xn---0x3f`) as if the
    /// delimiter ended an empty run of basic code points; RFC 3492 §6.2 consumes the last delimiter only
    /// "if more than zero code points were consumed" before it, so the "-" is read as a digit, which it is
    /// not, and decoding fails. It matters only where the URL Standard decodes the label at all: in a domain
    /// with a non-ASCII label (WPT's toascii.json: `xn--a` alone is kept, `xn--a.ß` fails on it).
    case punycodeLeadingDelimiter

    /// ada's character data is older than ours (Unicode 17.0.0, UTS46Data/generate.py): a label that
    /// begins with a combining mark assigned since Unicode 14 (U+11074, U+1E4EC, U+11F00, U+1AD4:
    /// General_Category Mn) it lets through, where it refuses the older ones (U+0301, U+0903, U+11001); and a
    /// label whose marks are out of canonical order only in Unicode 17 (`xn--erfileftp`: U+1AD4, ccc 230 and
    /// new in 17, before U+1AC4, ccc 220) it takes for NFC. UTS #46 §4.1, criteria 1 (NFC) and 6 (no leading
    /// combining mark), at the Unicode version the tables are made from. WPT's IdnaTestV2 cases use older
    /// characters, on which the two agree.
    case olderUnicode

    /// The divergence that explains `ours` (our failure, or our href) against ada's href, or nil.
    static func explaining(input: String, ours: Result<BrowserURL, URLParseError>, theirs: String?) -> AdaDivergence? {
        switch (ours, theirs) {
        case (.failure(let error), .some):
            if case .domain(.bidi)? = error.detail { return .bidiRuleOnEveryLabel }
            if case .domain(.punycodeInvalid)? = error.detail, input.lowercased().contains("xn---") { return .punycodeLeadingDelimiter }
            if case .domain(.startsWithCombiningMark)? = error.detail { return .olderUnicode }
            if case .domain(.notNFC)? = error.detail { return .olderUnicode }
            return nil
        default:
            return nil
        }
    }
}
