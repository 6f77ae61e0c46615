// UnicodeHost.swift: a domain's Unicode form, each "xn--" label decoded (UTS #46 ToUnicode's decoding, on
// a host the parser has already validated), so that a report can show both forms of an internationalized
// host: the Punycode the browser sends and the letters a person reads (a look-alike of a real domain shows
// here). Not a display policy: which form a browser's address bar shows is the browser's choice.

extension BrowserURL {
    /// The hostname with each "xn--" label decoded; nil when it has none (or is not a domain).
    package var unicodeHostname: String? {
        let host = hostname
        guard host.contains("xn--") || host.contains("XN--") else { return nil }
        var changed = false
        let labels = host.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            guard label.count > 4, label.lowercased().hasPrefix("xn--"),
                  let decoded = Punycode.decode(ArraySlice(label.dropFirst(4).unicodeScalars.map(\.value))) else { return String(label) }
            let scalars = decoded.compactMap(Unicode.Scalar.init)
            guard scalars.count == decoded.count else { return String(label) }
            changed = true
            return String(String.UnicodeScalarView(scalars))
        }
        return changed ? labels.joined(separator: ".") : nil
    }
}
