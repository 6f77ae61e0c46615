// NavlogLineParser.swift: one navlog v1 line (NavigationReplay.docc/Navlog.md) into a header, a
// navigation record or an interface call, or the reason it is none. `url` (or, for a call, `call`) is the
// only required field; unknown keys are
// allowed (the schema's additionalProperties); a known key with the wrong type or an unknown enum value
// rejects the line with the key named, so nothing is replayed on a guess.
import JSONText
import NavigationPolicy

enum NavlogLineParser {
    /// The parse of one line. `line` is 1-based; columns in reasons count characters from 1.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, isFirstLine: Bool) -> LogItem {
        var scanner = JSONScanner(bytes)
        var fields = Fields(location: .line(line))
        do throws(JSONScanError) {
            let kind = try scanner.peekKind()
            guard kind == .object else {
                try scanner.skipValue()  // a syntax error is the better reason
                throw JSONScanError(offset: 0, syntax: .notAnObject(kind))
            }
            try scanner.object { (s: inout JSONScanner, key: JSONScannedKey) throws(JSONScanError) in
                let valueStart = s.offset
                do throws(FieldError) {
                    try fields.read(key, &s, bytes)
                } catch {
                    // A field with the wrong type: note it, skip its value, and read on, so a syntax error
                    // later on the line is the one reported.
                    if fields.problem == nil, case .problem(let problem) = error { fields.problem = problem }
                    s.offset = valueStart
                    try s.skipValue()
                }
            }
            scanner.skipWhitespace()
            if !scanner.isAtEnd {
                throw JSONScanError(offset: scanner.offset, syntax: .textAfterValue)
            }
        } catch {
            let column = column(of: error.offset, in: bytes)
            let reason: RejectionReason = error.isEndOfInput
                ? .incompleteJSON(column: column, fileEndsHere: false)
                : .notJSON(column: column, error.syntax)
            return .rejected(RejectedRecord(location: .line(line), reason: reason))
        }
        do throws(NavlogFieldProblem) {
            return try fields.item(isFirstLine: isFirstLine)
        } catch {
            return .rejected(RejectedRecord(location: .line(line), reason: .field(error)))
        }
    }

    /// The 1-based character column of a byte offset.
    static func column(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

}

/// A field with the wrong type or value, or a syntax error in it (reported when the value is skipped: the
/// scanner's error is the better reason).
enum FieldError: Error {
    case problem(NavlogFieldProblem)
    case syntax
}

/// The fields of one line as they are read: a record's and a header's.
struct Fields {
    var record: NavigationRecord
    var hasURL = false
    var format: String?
    var version: Int?
    /// A header's fields, made when the first is read (nearly every line is a navigation: a header made
    /// for each would be copied and destroyed for nothing).
    var header: NavlogHeader?
    /// A call line's `call` (NAME.METHOD) and `arguments`.
    var call: String?
    var arguments: [JSONValue] = []
    var seen: UInt32 = 0
    /// The first field with a wrong type or value.
    var problem: NavlogFieldProblem?

    init(location: RecordLocation) { record = NavigationRecord(url: "", location: location) }

    private static let keys: [StaticString] = ["url", "seq", "time", "method", "navigationType", "isMainFrame",
        "targetFrame", "source", "sourceURL", "redirect", "recordedDecision", "note", "hasUserGesture", "drained",
        "format", "version", "platform", "recorder", "startedAt", "origin", "call", "arguments", "sameDocument", "sandbox", "loaded", "handlers", "frameFrom"]

    /// The keys as Strings, for the reasons that name them.
    private static let names: [String] = keys.map(\.description)

    /// The key's index in `keys`: one table slot by the key's length, first and last byte, then one
    /// comparison. The keys' slots are distinct (checked when the table is made).
    static func index(of key: JSONScannedKey) -> Int? {
        let bytes = key.bytes
        guard bytes.baseAddress != nil else {  // a key written with escapes: rare, compared with each
            return keys.firstIndex { key.equals($0) }
        }
        guard bytes.count > 0, bytes.count < 17 else { return nil }
        let candidate = Int(slots[slot(bytes.count, bytes[0], bytes[bytes.count - 1])])
        return candidate >= 0 && key.equals(keys[candidate]) ? candidate : nil
    }

    private static func slot(_ length: Int, _ first: UInt8, _ last: UInt8) -> Int {
        length &* 64 &+ Int((first &+ last &* 3) & 63)
    }

    private static let slots: [Int8] = {
        var table = [Int8](repeating: -1, count: 17 * 64)
        for (i, k) in keys.enumerated() {
            let bytes = UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount)
            let at = slot(bytes.count, bytes[0], bytes[bytes.count - 1])
            precondition(table[at] == -1, "two navlog keys share a slot: change slot(_:_:_:)")
            table[at] = Int8(i)
        }
        return table
    }()

    mutating func read(_ key: JSONScannedKey, _ s: inout JSONScanner, _ bytes: UnsafeBufferPointer<UInt8>) throws(FieldError) {
        guard let index = Self.index(of: key) else {
            do { try s.skipValue() } catch { throw .syntax }  // rethrown by the caller's skip
            return
        }
        if seen & (1 << index) != 0 { throw .problem(.repeatedKey(Self.names[index])) }
        seen |= 1 << index
        switch index {
        case 0: record.url = try Self.string(&s, Self.names[index]); hasURL = true
        case 1: record.seq = try Self.integer(&s, Self.names[index])
        case 2:
            switch Self.kind(&s) {
            case .number: record.time = .milliseconds(try Self.number(&s))
            case .string: record.time = .timestamp(try Self.string(&s, Self.names[index]))
            default: throw .problem(.wrongType(key: "time", expected: .time))
            }
        case 3:
            let method = try Self.string(&s, Self.names[index])
            guard let parsed = HTTPMethod(method) else { throw .problem(.notAMethod(method)) }
            record.method = parsed
        case 4:
            if let type = Self.known(&s, Self.navigationTypes) { record.navigationType = type; return }
            let text = try Self.string(&s, Self.names[index])
            guard let type = NavigationType(rawValue: text) else {
                throw .problem(.unknownNavigationType(text))
            }
            record.navigationType = type
        case 5: record.isMainFrame = try Self.boolean(&s, Self.names[index])
        case 6:
            if Self.kind(&s) == .null { _ = try? s.null(); record.targetFrame = nil }
            else { record.targetFrame = try Self.string(&s, Self.names[index], orNull: true) }
        case 7:
            if let source = Self.known(&s, Self.sources) { record.source = source; return }
            let text = try Self.string(&s, Self.names[index])
            guard let source = NavigationSource(rawValue: text) else {
                throw .problem(.unknownSource(text))
            }
            record.source = source
        case 8: record.sourceURL = try Self.string(&s, Self.names[index])
        case 9:
            guard Self.kind(&s) == .object else { throw .problem(.wrongType(key: "redirect", expected: .redirect)) }
            var from: String?
            var status: Int?
            var inner: FieldError?
            do {
                try s.object { (r: inout JSONScanner, k: JSONScannedKey) throws(JSONScanError) in
                    guard k.equals("from") || k.equals("status") else { try r.skipValue(); return }
                    let start = r.offset
                    do throws(FieldError) {
                        if k.equals("from") { from = try Self.string(&r, "redirect.from") }
                        else { status = try Self.integer(&r, "redirect.status") }
                    } catch {
                        if case .problem = error { inner = inner ?? error }
                        r.offset = start
                        try r.skipValue()
                    }
                }
            } catch { throw .syntax }
            if let inner { throw inner }
            record.redirectFrom = from
            record.redirectStatus = status
        case 10:
            if let action = Self.known(&s, Self.actions) { record.recordedDecision = action; return }
            let text = try Self.string(&s, Self.names[index])
            guard let action = PolicyAction(rawValue: text) else {
                throw .problem(.unknownRecordedDecision(text))
            }
            record.recordedDecision = action
        case 11: record.note = .text(try Self.string(&s, Self.names[index]))
        case 12: record.hasUserGesture = try Self.boolean(&s, Self.names[index])
        case 13:
            guard Self.kind(&s) == .array else { throw .problem(.wrongType(key: "drained", expected: .arrayOfStrings)) }
            var inner: FieldError?
            let items: [String]
            do { items = try Self.strings(&s, "drained", firstProblem: &inner) } catch { throw .syntax }
            if let inner { throw inner }
            record.drained = items
        case 14: format = try Self.string(&s, Self.names[index])
        case 15: version = try Self.integer(&s, Self.names[index])
        case 16: setHeader(\.platform, try Self.string(&s, Self.names[index]))
        case 17: setHeader(\.recorder, try Self.string(&s, Self.names[index]))
        case 18: setHeader(\.startedAt, try Self.string(&s, Self.names[index]))
        case 19: setHeader(\.origin, try Self.string(&s, Self.names[index]))
        case 20: call = try Self.string(&s, Self.names[index])
        case 22:
            let text = try Self.string(&s, Self.names[index])
            guard let kind = SameDocumentNavigation(rawValue: text) else { throw .problem(.unknownSameDocument(text)) }
            record.sameDocument = kind
        case 23: record.sandbox = FrameSandbox(attribute: try Self.string(&s, Self.names[index]))
        case 24: record.loaded = try Self.boolean(&s, Self.names[index])
        case 26:
            let text = try Self.string(&s, Self.names[index])
            guard let evidence = FrameEvidence(rawValue: text), FrameEvidence.navlogValues.contains(evidence) else { throw .problem(.unknownFrameFrom(text)) }
            record.frameEvidence = evidence
        case 25:
            // The app's handler table as the recorder had it: event name → handler names, in order.
            guard Self.kind(&s) == .object else { throw .problem(.wrongType(key: "handlers", expected: .handlerTable)) }
            var table: [RecordedHandlers] = []
            var inner: FieldError?
            do {
                try s.object { (o: inout JSONScanner, k: JSONScannedKey) throws(JSONScanError) in
                    let event = k.text
                    guard Self.kind(&o) == .array else {
                        inner = inner ?? .problem(.wrongType(key: "handlers", expected: .handlerTable))
                        try o.skipValue()
                        return
                    }
                    table.append(RecordedHandlers(event: event, handlers: try Self.strings(&o, "handlers.\(event)", firstProblem: &inner)))
                }
            } catch { throw .syntax }
            if let inner { throw inner }
            var made = madeHeader
            made.handlers = table
            header = made
        default:
            // Any JSON values: each is kept as the page passed it.
            guard Self.kind(&s) == .array else { throw .problem(.wrongType(key: "arguments", expected: .array)) }
            var values: [JSONValue] = []
            do {
                try s.array { (a: inout JSONScanner, _: Int) throws(JSONScanError) in
                    let start = a.offset
                    try a.skipValue()
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<a.offset]), as: UTF8.self)
                    values.append(JSONValue.parse(text) ?? .null)
                }
            } catch { throw .syntax }
            arguments = values
        }
    }

    /// An array of strings (`drained`, a handler table's entry): each string read, and the first element that
    /// is not one kept in `firstProblem` (named `key[i]`) and skipped, so the line's other fields are still read.
    static func strings(_ s: inout JSONScanner, _ key: String, firstProblem: inout FieldError?) throws(JSONScanError) -> [String] {
        var items: [String] = []
        var problem = firstProblem
        try s.array { (a: inout JSONScanner, i: Int) throws(JSONScanError) in
            let start = a.offset
            do throws(FieldError) { items.append(try Self.string(&a, "\(key)[\(i)]")) }
            catch {
                if case .problem = error { problem = problem ?? error }
                a.offset = start
                try a.skipValue()
            }
        }
        firstProblem = problem
        return items
    }

    /// The header these fields make: version 1 (the only one read) with the fields given.
    private var madeHeader: NavlogHeader { header ?? NavlogHeader(version: 1) }

    private mutating func setHeader(_ field: WritableKeyPath<NavlogHeader, String?>, _ value: String) {
        var made = madeHeader
        made[keyPath: field] = value
        header = made
    }

    /// The header or the record these fields make.
    func item(isFirstLine: Bool) throws(NavlogFieldProblem) -> LogItem {
        if let problem { throw problem }
        if format != nil || version != nil {
            guard !hasURL else { throw .headerWithURL }
            guard format == "bridge-navlog" else { throw .wrongFormat(format) }
            guard isFirstLine else { throw .headerNotOnFirstLine }
            guard version == 1 else {
                throw .unsupportedVersion(version)
            }
            return .header(madeHeader)
        }
        if let call {
            guard !hasURL else { throw .callWithURL }
            guard let dot = call.firstIndex(of: "."), dot != call.startIndex, call.index(after: dot) != call.endIndex else {
                throw .callNotNameMethod(call)
            }
            var item = InterfaceCall(interface: String(call[..<dot]), method: String(call[call.index(after: dot)...]),
                                     arguments: arguments, location: record.location)
            item.seq = record.seq
            item.time = record.time
            return .call(item)
        }
        guard hasURL else { throw .missingURL }
        return .record(record)
    }

    // Enum values, matched on the value's bytes so no String is made for them (and no token scanned: each
    // word is compared where the value stands). The words are the enums' raw values (a test holds them to it).
    static let navigationTypes: [(StaticString, NavigationType)] = [("linkClicked", .linkClicked),
        ("formSubmitted", .formSubmitted), ("backForward", .backForward), ("reload", .reload),
        ("formResubmitted", .formResubmitted), ("other", .other)]
    static let sources: [(StaticString, NavigationSource)] = [("user", .user), ("script", .script),
        ("redirect", .redirect), ("refresh", .refresh), ("app", .app), ("history", .history), ("unknown", .unknown)]
    static let actions: [(StaticString, PolicyAction)] = [("allow", .allow), ("cancel", .cancel)]

    /// The value at the cursor when it is a string spelling one of `table`'s words plainly, read; else nil with
    /// the cursor at the value (the caller reads it again: a word spelled with escapes, or its error).
    static func known<Value>(_ s: inout JSONScanner, _ table: [(StaticString, Value)]) -> Value? {
        s.skipWhitespace()
        for (word, value) in table where s.readPlainString(word) { return value }
        return nil
    }

    // Typed readers: a wrong type is a FieldError (the caller skips the value); a syntax error is reported
    // when the caller re-reads the value with skipValue. The key is read only for an error's reason (an
    // autoclosure: no String is retained per field read).
    static func kind(_ s: inout JSONScanner) -> JSONValueKind? { try? s.peekKind() }

    static func string(_ s: inout JSONScanner, _ key: @autoclosure () -> String, orNull: Bool = false) throws(FieldError) -> String {
        guard kind(&s) == .string else { throw .problem(.wrongType(key: key(), expected: orNull ? .stringOrNull : .string)) }
        do { return try s.string() } catch { throw .syntax }
    }

    static func boolean(_ s: inout JSONScanner, _ key: @autoclosure () -> String) throws(FieldError) -> Bool {
        let k = kind(&s)
        guard k == .true || k == .false else { throw .problem(.wrongType(key: key(), expected: .boolean)) }
        do { return try s.bool() } catch { throw .syntax }
    }

    static func number(_ s: inout JSONScanner) throws(FieldError) -> Double {
        do { return try s.number().doubleValue } catch { throw .syntax }
    }

    static func integer(_ s: inout JSONScanner, _ key: @autoclosure () -> String) throws(FieldError) -> Int {
        guard kind(&s) == .number else { throw .problem(.wrongType(key: key(), expected: .nonNegativeInteger)) }
        let value: JSONNumber
        do { value = try s.number() } catch { throw .syntax }
        guard case .integer(let i) = value, i >= 0 else { throw .problem(.wrongType(key: key(), expected: .nonNegativeInteger)) }
        return i
    }
}
