// InputArguments.swift: positional inputs where "-" means "one per line from standard input".
// Every line counts as an input (a blank line is reported as invalid, never dropped). Standard input
// can be read once, so a second "-" is a usage error rather than silently nothing. Lines are read in
// chunks and held only up to `maxLineBytes` (replay's navlog limit): a longer line is skipped unread and
// reported by its number, and the lines after it are still read. The input's byte-order mark is read as
// every file's is (TextEncoding).
import Foundation
import JSONText
import NavigationPolicy
import NavigationReplay

struct InputArguments {
    var inputs: [String] = []
    /// Standard input that was not read, said on standard error.
    var skipped: [Skipped] = []

    enum Skipped: Equatable, CustomStringConvertible {
        /// A line longer than `maxLineBytes`, by its number.
        case overlong(line: Int)
        /// Standard input in an encoding read line by line only as UTF-8.
        case encoding(TextEncodingError)
        /// Standard input whose reading failed; the lines before it were read.
        case unreadable(ReplayInputError)

        var description: String {
            switch self {
            case .overlong(let line): return "standard input, line \(line): longer than \(InputArguments.maxLineBytes >> 20) MB; not read"
            case .encoding(let error): return "standard input: \(error)"
            case .unreadable(let error): return "\(error)"
            }
        }
    }

    static let maxLineBytes = NavlogReader().maxLineBytes

    /// The arguments with each "-" replaced by the lines of standard input (read once).
    static func expand(_ arguments: [String], standardInput: ByteInput? = nil) throws -> InputArguments {
        var result = InputArguments()
        var stdinRead = false
        for argument in arguments {
            if argument == "-" {
                guard !stdinRead else { throw CommandProblem.standardInputTwice }
                stdinRead = true
                result.readLines(try standardInput ?? ByteInput(path: "-"))
            } else {
                result.inputs.append(argument)
            }
        }
        return result
    }

    private mutating func readLines(_ input: ByteInput) {
        var line: [UInt8] = []
        var number = 1
        var overlong = false
        var first = true
        func finish() {
            if overlong {
                skipped.append(.overlong(line: number))
            } else {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                inputs.append(String(decoding: line, as: UTF8.self))
            }
            line = []
            overlong = false
            number += 1
        }
        while let chunk = input.nextChunk() {
            var start = 0
            if first {
                first = false
                do { start = try TextEncoding.streamedStart(chunk) } catch {
                    skipped.append(.encoding(error))
                    return
                }
            }
            while start < chunk.count {
                let end = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) ?? chunk.count
                if !overlong {
                    line.append(contentsOf: chunk[start..<end])
                    if line.count > Self.maxLineBytes { overlong = true; line = [] }
                }
                if end < chunk.count { finish() }
                start = end + 1
            }
        }
        // A line cut by a failed read is not taken as an input; the failure is said instead.
        if let failure = input.failure {
            skipped.append(.unreadable(failure))
            return
        }
        if !line.isEmpty || overlong { finish() }
    }
}
