// RejectionText.swift: a rejected record's reason and a skipped entry's kind in words, for the transcript's
// text and JSON lines. The readers give values (RejectionReason, SkipReason); the words are made here as
// MessageText, the log's values quoted with their readings, so the renderer masks the values alone.
import FindingSeverity
import JSONText
import NavigationReplay
import BrowserURL
import NavigationPolicy
import SecretMasking
import SensitiveText

extension RejectionReason {
    /// The reason in words, masked with `redactor`.
    package func message(masking redactor: Redactor) -> String { redactor.text(words) }

    /// The reason's words and the values they quote: the log's URL, its field values, a parser's words.
    package var words: MessageText {
        switch self {
        case .notJSON(let column, let syntax):
            return "not JSON at column \(column): \(words: syntax.message)"
        case .incompleteJSON(let column, let fileEndsHere):
            return .words((fileEndsHere ? "the file ends inside this record (truncated): " : "")
                + "not complete JSON (it ends at column \(column)): a truncated line?")
        case .field(let problem):
            return problem.words
        case .lineTooLong(let limit):
            return .words("longer than \(limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit) bytes"); not read")
        case .encoding(let error):
            return error.words
        case .input(let error):
            return error.words
        case .unparseableURL(let url, let error):
            return "url \(quoted: Sensitive(url, as: .url)) is not a URL: \(error.words)"
        case .notANavlog(let lines):
            return .words("not a log: none of its \(lines) line\(lines == 1 ? "" : "s") is a JSON object (a navlog has one navigation a line; a HAR, CDP log or NetLog is one JSON document)")
        case .documentNotJSON(let format, let syntax, let line, let column):
            return "not \(words: format.article): the JSON stops at line \(line), column \(column): \(words: syntax.documentWords)"
        case .har(let problem):
            switch problem {
            case .noLog: return "not a HAR: no top-level \"log\" object"
            case .noEntries: return "not a HAR: log.entries is missing or not an array"
            case .entryNotObject: return "not an object"
            case .entryWithoutURL: return "no request.url"
            case .cut(let read, let line, let column):
                return "the HAR stops at line \(line), column \(column), inside log.entries: the \(read) complete entr\(read == 1 ? "y" : "ies") before it were read, the rest was never written"
            }
        case .cdp(let problem):
            switch problem {
            case .notEventArray: return "not a CDP event log: the top level is not an array of {method, params}"
            case .notEvent: return "not a {method, params} event"
            case .eventWithoutURL(let method): return "\(input: method) without a url"
            case .documentRequestWithoutURL: return "a Document request without request.url"
            }
        case .netLog(let problem):
            switch problem {
            case .noEventTypes: return "not a NetLog: no constants.logEventTypes"
            case .noEvents: return "not a NetLog: events is missing or not an array"
            case .eventWithoutTypeAndSource: return "not a NetLog event: no numeric type and source.id"
            case .startWithoutURL: return "URL_REQUEST_START_JOB without a url"
            case .redirectWithoutLocation: return "URL_REQUEST_REDIRECTED without a location"
            case .unfinishedEvent: return "an unfinished event: the log ends in the middle of it (Chromium stopped before closing the log)"
            }
        }
    }
}

extension LogFormat {
    /// The format with its article, as a reason names it ("not a HAR").
    var article: String {
        switch self {
        case .navlog: "a navlog"
        case .har: "a HAR"
        case .cdp: "a CDP event log"
        case .netlog: "a NetLog"
        }
    }
}

extension NavlogFieldProblem {
    /// The problem in words, masked.
    package var message: String { Redactor().text(words) }

    /// The problem's words and the values the line gave (its keys and field values are input).
    package var words: MessageText {
        switch self {
        case .repeatedKey(let key):
            return "key \(input: key) appears twice"
        case .wrongType(let key, let expected):
            return "\(input: key) must be \(words: expected.words)"
        case .unknownNavigationType(let text):
            return "navigationType \(quoted: text) is not one of \(words: NavigationType.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownSource(let text):
            return "source \(quoted: text) is not one of \(words: NavigationSource.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownSameDocument(let text):
            return "sameDocument \(quoted: text) is not one of \(words: SameDocumentNavigation.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownFrameFrom(let text):
            return "frameFrom \(quoted: text) is not one of \(words: FrameEvidence.navlogValues.map(\.rawValue).joined(separator: ", "))"
        case .notAMethod(let text):
            return "method \(quoted: text) is not an HTTP method (a token such as GET or POST)"
        case .unknownRecordedDecision(let text):
            return "recordedDecision \(quoted: text) is not allow or cancel"
        case .headerWithURL:
            return "a line with both a header's format and a navigation's url"
        case .wrongFormat(let format):
            return format.map { "format \(quoted: $0) is not bridge-navlog" } ?? "format \"(missing)\" is not bridge-navlog"
        case .headerNotOnFirstLine:
            return "a navlog header is allowed on the first line only"
        case .unsupportedVersion(let version):
            return "navlog version \(words: version.map(String.init) ?? "(missing)") is not supported (this bridge reads version 1)"
        case .callWithURL:
            return "a line with both a call and a url: a call is not a navigation"
        case .callNotNameMethod(let call):
            return "call \(quoted: call) is not NAME.METHOD (window.NAME.METHOD(…))"
        case .missingURL:
            return "no url (the one required field)"
        }
    }
}

extension NavlogValueType {
    var words: String {
        switch self {
        case .string: "a string"
        case .stringOrNull: "a string or null"
        case .boolean: "true or false"
        case .nonNegativeInteger: "a non-negative integer"
        case .time: "a string (RFC 3339) or a number (milliseconds)"
        case .redirect: "an object {from, status}"
        case .arrayOfStrings: "an array of strings"
        case .handlerTable: "an object of event names, each an array of handler names"
        case .array: "an array"
        }
    }
}

extension JSONSyntaxError {
    package var message: String {
        switch self {
        case .endOfInput: return "the input ends inside the record"
        case .expectedValue: return "expected a value"
        case .unexpectedCharacter(let byte): return "unexpected character \(Self.describe(byte)); expected a value"
        case .expected(let what, let found): return "expected \(what.words), found \(Self.describe(found))"
        case .expectedKey(let found): return "expected a key in quotes, found \(Self.describe(found))"
        case .nestedTooDeep(let limit): return "values nested more than \(limit) deep"
        case .notAValue: return "unexpected text: not a JSON value"
        case .expectedDigit(.integer): return "expected a digit"
        case .expectedDigit(.fraction): return "expected a digit after '.'"
        case .expectedDigit(.exponent): return "expected a digit in the exponent"
        case .leadingZero: return "a number must not start with 0"
        case .expectedString: return "expected a string"
        case .invalidUTF8: return "a string is not valid UTF-8"
        case .unescapedControlCharacter(let byte): return "a control character (\(Self.describe(byte))) inside a string must be escaped"
        case .loneSurrogate(let half?): return "a lone surrogate \\u\(String(half, radix: 16)) in a string"
        case .loneSurrogate(nil): return "a lone surrogate in a string"
        case .invalidEscape(let byte): return "\\\(Self.describe(byte)) is not a JSON escape"
        case .shortUnicodeEscape: return "\\u needs four hex digits"
        case .notAnObject(let kind): return "a navlog line must be a JSON object, not \(kind == .array ? "an array" : "a \(kind)")"
        case .textAfterValue: return "text after the JSON object"
        }
    }

    /// A byte as a reason names it: the character when printable ASCII, else its value.
    static func describe(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16, uppercase: true)
    }
}

extension JSONSyntaxError.JSONPunctuation {
    var words: String {
        switch self {
        case .objectStart: "{"
        case .arrayStart: "["
        case .colonAfterKey: "':' after the key"
        case .commaOrObjectEnd: "',' or '}'"
        case .commaOrArrayEnd: "',' or ']'"
        }
    }
}

extension SkipReason {
    package var message: String {
        switch self {
        case .subresources: "entries that are not navigations (subresources)"
        case .downloads: "downloads (the delegate is not asked)"
        case .mergedEvents: "events merged into the navigation they repeat"
        case .nonDocumentRequests: "requests that are not documents"
        case .otherEvents: "other events"
        case .otherSources: "events of other sources (sockets, DNS, the browser's own work)"
        case .navigationDetails: "events that detail a navigation"
        case .nonDocumentRequestEvents: "events of requests that are not documents"
        case .unwrittenClosing: "the log's closing, never written (Chromium stopped before closing the log)"
        }
    }
}

extension FrameEvidence {
    /// The signal a reader took a record's frame from, in words.
    package var words: String {
        switch self {
        case .resourceType: "the entry's _resourceType"
        case .topOfChain: "no signal: a document load is taken for the top frame's"
        case .parserInitiator: "its initiator: the HTML parser of a page already loaded (an iframe)"
        case .pages: "the HAR's pages"
        case .referer: "its Referer: a page that went on loading after it (an iframe of that page)"
        case .pageLoading: "its Referer: its page's top document, which had not loaded yet (an iframe of that page)"
        case .engineCannotTell: "nothing: the engine does not say which frame, so it is taken for the top frame's"
        }
    }
}
