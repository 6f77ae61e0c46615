// RejectionReason.swift: why a reader could not use a record, as values a caller can switch on and a test
// can compare: one case per thing that can be wrong with a navlog line, a recording read whole (HAR, CDP
// event log, NetLog) or its input. The words are made in RejectionText.swift, when a rejection is printed.
import BrowserURL
import JSONText
import NavigationPolicy

package enum RejectionReason: Sendable, Hashable {
    // A navlog line.
    /// Not JSON: the first syntax error, at a 1-based character column.
    case notJSON(column: Int, JSONSyntaxError)
    /// The JSON ends inside a value at `column`; `fileEndsHere`: on the file's last line, which has no line
    /// end (the log was cut off while it was written).
    case incompleteJSON(column: Int, fileEndsHere: Bool)
    /// A field with the wrong type or value, or a line that is neither a header, a navigation nor a call.
    case field(NavlogFieldProblem)
    /// A line longer than the reader takes (`limit` bytes): not read.
    case lineTooLong(limit: Int)

    /// A file taken for a navlog in which no line is a JSON object (text, a placeholder a tool wrote while it
    /// was still recording): one rejection for the file, not one for each of its lines.
    case notANavlog(lines: Int)

    // Any log.
    /// The file is not UTF-8 text (its first bytes say which encoding it is in).
    case encoding(TextEncodingError)
    /// Reading the input failed; nothing after it was read.
    case input(ReplayInputError)
    /// A record's URL does not parse as a browser parses it.
    case unparseableURL(String, URLParseError)

    // A recording read whole.
    /// The document is not JSON: what is wrong where the scanner stopped, at this line and byte column.
    case documentNotJSON(LogFormat, JSONSyntaxError, line: Int, column: Int)
    case har(HARProblem)
    case cdp(CDPProblem)
    case netLog(NetLogProblem)

    /// The stable code transcripts name the reason by (`--format json`'s `code`): the reader's problem,
    /// not the words.
    /// Reading the input failed: what follows was never read (a command exits 2 for it, as for a file that does
    /// not open).
    package var isFailedRead: Bool { if case .input = self { true } else { false } }

    package var code: String {
        switch self {
        case .notJSON: "not-json"
        case .incompleteJSON: "incomplete-json"
        case .field: "bad-field"
        case .lineTooLong: "line-too-long"
        case .notANavlog: "not-a-navlog"
        case .encoding: "not-utf8"
        case .input: "input-failed"
        case .unparseableURL: "invalid-url"
        case .documentNotJSON: "document-not-json"
        case .har(.cut), .netLog(.unfinishedEvent): "cut-short"
        case .har(.noLog), .har(.noEntries): "not-a-har"
        case .cdp(.notEventArray): "not-cdp"
        case .netLog(.noEventTypes), .netLog(.noEvents): "not-a-netlog"
        case .har, .cdp, .netLog: "bad-entry"
        }
    }

    package enum HARProblem: Sendable, Hashable {
        case noLog, noEntries, entryNotObject, entryWithoutURL
        /// The document stops at this line and column, inside log.entries after `entriesRead` complete
        /// entries: those were read; the rest of the export was never written.
        case cut(entriesRead: Int, line: Int, column: Int)
    }

    package enum CDPProblem: Sendable, Hashable {
        case notEventArray, notEvent
        /// A navigation event (its method) without a url.
        case eventWithoutURL(method: String)
        case documentRequestWithoutURL
    }

    package enum NetLogProblem: Sendable, Hashable {
        case noEventTypes, noEvents, eventWithoutTypeAndSource, startWithoutURL, redirectWithoutLocation
        /// The log ends inside an event (Chromium stopped before closing it).
        case unfinishedEvent
    }
}

/// What is wrong with a navlog line's fields (the keys are as the line names them: `redirect.from`,
/// `drained[2]`).
package enum NavlogFieldProblem: Error, Sendable, Hashable {
    case repeatedKey(String)
    case wrongType(key: String, expected: NavlogValueType)
    case unknownNavigationType(String)
    case unknownSource(String)
    /// A `sameDocument` that is neither `fragment` nor `history-api`.
    case unknownSameDocument(String)
    /// A `frameFrom` that is not a FrameEvidence a navlog carries.
    case unknownFrameFrom(String)
    /// A `method` that is not an RFC 9110 token.
    case notAMethod(String)
    case unknownRecordedDecision(String)
    /// A header's format beside a navigation's url.
    case headerWithURL
    /// A header whose format is not bridge-navlog (nil: none given).
    case wrongFormat(String?)
    case headerNotOnFirstLine
    /// A header whose version is not 1 (nil: none given).
    case unsupportedVersion(Int?)
    case callWithURL
    /// A call that is not NAME.METHOD.
    case callNotNameMethod(String)
    case missingURL
}

/// The type a navlog field must have.
package enum NavlogValueType: Sendable, Hashable {
    case string, stringOrNull, boolean, nonNegativeInteger
    /// `time`: an RFC 3339 string or milliseconds.
    case time
    /// `redirect`: {from, status}.
    case redirect
    case arrayOfStrings, array
    /// An object of event names, each an array of handler names (a header's `handlers`).
    case handlerTable
}

/// Entries or events of a recording that are not navigations, counted by kind.
package enum SkipReason: Sendable, Hashable, CaseIterable {
    /// HAR entries of subresources.
    case subresources
    /// CDP downloads (the delegate is not asked).
    case downloads
    /// CDP events that repeat a navigation already read.
    case mergedEvents
    case nonDocumentRequests
    case otherEvents
    /// NetLog events of other sources (sockets, DNS, the browser's own work).
    case otherSources
    case navigationDetails
    case nonDocumentRequestEvents
    /// The NetLog's closing, never written.
    case unwrittenClosing
}
