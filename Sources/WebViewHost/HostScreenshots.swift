// HostScreenshots.swift: when `bridge host --screenshots DIR` takes a picture and what the file is called.
// After each navigation the engine intercepted (a sentinel, a bridge signal, a deep link) and at the end;
// files are named by transcript sequence so they sort in the order things happened:
// 0004-signin.png, 0007-janrain-bridge.png, 0009-end.png. No WebKit here: tested without the trait.
import NavigationPolicy
import NavigationReplay

package enum HostScreenshots {
    /// What a screenshot after this navigation is "after", or nil when none is taken.
    package static func trigger(_ n: ReplayedNavigation) -> String? {
        guard n.decision.action == .cancel, n.decision.interception != nil else { return nil }
        return "intercepted " + (n.decision.rule ?? n.decision.kind.rawValue)
    }

    /// `NNNN-what.png`: the sequence, four digits at least, and what it follows, reduced to [a-z0-9-].
    package static func fileName(seq: Int, after: String) -> String {
        let what = after.hasPrefix("intercepted ") ? String(after.dropFirst("intercepted ".count)) : after
        var slug = ""
        for scalar in what.lowercased().unicodeScalars {
            let keep = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            if keep { slug.unicodeScalars.append(scalar) } else if !slug.isEmpty && !slug.hasSuffix("-") { slug += "-" }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let number = String(max(seq, 0))
        return String(repeating: "0", count: max(0, 4 - number.count)) + number + "-" + (slug.isEmpty ? "view" : slug) + ".png"
    }
}
