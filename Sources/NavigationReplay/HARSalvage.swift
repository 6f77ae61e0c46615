// HARSalvage.swift: what is left of a HAR cut short (an export stopped while it was written, a file copied
// before the browser finished it): the complete entries of `log.entries`, and `log.pages` if it was
// complete, so the HAR reader replays them as it would the whole log. The NetLog reader already reads a log
// that ends inside its events; a HAR is one JSON document, so the cut is found with the scanner and the
// entries before it are parsed one by one.
import JSONText

enum HARSalvage {
    /// The log's complete parts, how many entries were read, and where the document stops (its offset);
    /// nil when there is nothing to salvage (no `log`, or no entry complete).
    static func salvage(_ text: [UInt8]) -> (document: JSONValue, entries: Int, cutAt: Int)? {
        text.withUnsafeBufferPointer { buffer -> (JSONValue, Int, Int)? in
            var scanner = JSONScanner(buffer)
            var entries: [JSONValue] = []
            var pages: JSONValue?
            var cut = buffer.count
            func parsed(_ range: Range<Int>) -> JSONValue? {
                guard case .success(let value) = JSONValue.parse(utf8: Array(buffer[range])) else { return nil }
                return value
            }
            do throws(JSONScanError) {
                try scanner.object { (top: inout JSONScanner, key: JSONScannedKey) throws(JSONScanError) in
                    guard key.equals("log") else { return try top.skipValue() }
                    try top.object { (log: inout JSONScanner, key: JSONScannedKey) throws(JSONScanError) in
                        if key.equals("entries") {
                            try log.array { (items: inout JSONScanner, _: Int) throws(JSONScanError) in
                                items.skipWhitespace()
                                let start = items.offset
                                try items.skipValue()
                                if let entry = parsed(start..<items.offset) { entries.append(entry) }
                            }
                        } else if key.equals("pages") {
                            log.skipWhitespace()
                            let start = log.offset
                            try log.skipValue()
                            pages = parsed(start..<log.offset)
                        } else {
                            try log.skipValue()
                        }
                    }
                }
                return nil  // the document is whole: nothing to salvage here
            } catch {
                cut = error.offset
            }
            guard !entries.isEmpty else { return nil }
            var log: [String: JSONValue] = ["entries": .array(entries)]
            if let pages { log["pages"] = pages }
            return (.object(["log": .object(log)]), entries.count, cut)
        }
    }
}
