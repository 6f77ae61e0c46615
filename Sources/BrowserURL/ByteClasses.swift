// ByteClasses.swift: one 256-entry table of byte classes, so the parser's hot scanning loops test a
// byte with one load and one AND instead of a branchy 128-bit mask test. Bit N of an entry says the
// byte belongs to class N; the classes are the percent-encode sets the scans use and the bytes that
// end a state's run. Built once from the PercentEncodeSet definitions (tests compare the two).

struct ByteClass: OptionSet, Sendable {
    let rawValue: UInt16
    static let c0Control = ByteClass(rawValue: 1 << 0)
    static let fragment = ByteClass(rawValue: 1 << 1)
    static let query = ByteClass(rawValue: 1 << 2)
    static let specialQuery = ByteClass(rawValue: 1 << 3)
    static let path = ByteClass(rawValue: 1 << 4)
    /// "#": ends the query.
    static let hashSign = ByteClass(rawValue: 1 << 5)
    /// "/" and "?": end a path segment (with "#").
    static let slashOrQuestion = ByteClass(rawValue: 1 << 6)
    /// "\": ends a path segment of a special URL.
    static let backslash = ByteClass(rawValue: 1 << 7)
    /// " ": needs a look-ahead in an opaque path.
    static let space = ByteClass(rawValue: 1 << 8)
}

enum ByteClasses {
    /// The table, allocated once and never freed (it lives as long as the process).
    nonisolated(unsafe) static let table: UnsafePointer<UInt16> = {
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        for byte in 0..<256 {
            let b = UInt8(byte)
            var classes: ByteClass = []
            if PercentEncodeSet.c0Control.contains(b) { classes.insert(.c0Control) }
            if PercentEncodeSet.fragment.contains(b) { classes.insert(.fragment) }
            if PercentEncodeSet.query.contains(b) { classes.insert(.query) }
            if PercentEncodeSet.specialQuery.contains(b) { classes.insert(.specialQuery) }
            if PercentEncodeSet.path.contains(b) { classes.insert(.path) }
            if b == UInt8(ascii: "#") { classes.insert(.hashSign) }
            if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") { classes.insert(.slashOrQuestion) }
            if b == UInt8(ascii: "\\") { classes.insert(.backslash) }
            if b == UInt8(ascii: " ") { classes.insert(.space) }
            table[byte] = classes.rawValue
        }
        return UnsafePointer(table)
    }()
}
