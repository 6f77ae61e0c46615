// JSONDuplicateKeys.swift: finds the first object key that occurs twice in the same JSON object, with its
// key path (`sentinels[2].name`). JSONSerialization keeps one of the two silently, so a rules file with
// a repeated key would mean something its author did not see. A small structural scan written here
// because NavigationPolicy uses Foundation only and Foundation's parser does not report duplicates; it
// runs on text JSONSerialization has already accepted (after TextEncoding read its byte-order mark), so it
// need not diagnose malformed JSON, but it never assumes the brackets balance.

import Foundation

enum JSONDuplicateKeys {
    /// The key path of the first repeated key, or nil.
    static func first(in bytes: [UInt8]) -> String? {
        enum Container {
            case object(keys: Set<String>, path: String, pendingKey: String?)
            case array(index: Int, path: String)
        }
        var stack: [Container] = []
        var i = 0
        let n = bytes.count
        /// The path of the value about to be read in the innermost container.
        func valuePath() -> String {
            switch stack.last {
            case .object(_, let path, let key?)?: return path.isEmpty ? key : "\(path).\(key)"
            case .array(let index, let path)?: return "\(path)[\(index)]"
            default: return ""
            }
        }
        func readString() -> String {
            var out: [UInt8] = []
            i += 1
            while i < n && bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < n {
                    out.append(bytes[i]); out.append(bytes[i + 1]); i += 2; continue
                }
                out.append(bytes[i]); i += 1
            }
            i += 1
            let raw = String(decoding: out, as: UTF8.self)
            // "a\u0062" and "ab" are one key to a JSON reader: escapes are decoded before comparing.
            guard out.contains(UInt8(ascii: "\\")),
                  let decoded = try? JSONSerialization.jsonObject(with: Data(("\"" + raw + "\"").utf8), options: [.fragmentsAllowed]) as? String
            else { return raw }
            return decoded
        }
        /// After a value in the innermost container: the object's key is used, the array moves on.
        func valueDone() {
            switch stack.last {
            case .object(let keys, let path, _)?: stack[stack.count - 1] = .object(keys: keys, path: path, pendingKey: nil)
            case .array(let index, let path)?: stack[stack.count - 1] = .array(index: index + 1, path: path)
            default: break
            }
        }
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], path: valuePath(), pendingKey: nil))
                i += 1
            case UInt8(ascii: "["):
                stack.append(.array(index: 0, path: valuePath()))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // A closing bracket with nothing open (bytes JSONSerialization read differently): no key
                // path to give, and nothing to crash on.
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                valueDone()
                i += 1
            case UInt8(ascii: "\""):
                if case .object(var keys, let path, nil)? = stack.last {
                    let key = readString()
                    if !keys.insert(key).inserted { return path.isEmpty ? key : "\(path).\(key)" }
                    stack[stack.count - 1] = .object(keys: keys, path: path, pendingKey: key)
                } else {
                    _ = readString()
                    valueDone()
                }
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            default:
                // A number, true, false or null.
                while i < n && !",}] \t\r\n".utf8.contains(bytes[i]) { i += 1 }
                valueDone()
            }
        }
        return nil
    }
}
