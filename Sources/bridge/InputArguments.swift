// InputArguments.swift: positional inputs where "-" means "one per line from standard input", handed on one
// at a time as they are read, so a command prints each result while its input still streams (flat memory
// whatever the input's length). With no argument and standard input not a terminal, standard input is read
// (`echo URL | bridge url`). In a list of URLs a blank line and a line starting with "#" are not inputs.
// Standard input can be read once, so a second "-" is a usage error rather than silently nothing. A line is
// held only up to `maxLineBytes` (replay's navlog limit): a longer line is skipped unread and reported by
// its number, and the lines after it are still read. The input's byte-order mark is read as every file's is
// (TextEncoding).
import CommandOutput
import Foundation
import JSONText
import NavigationPolicy
import NavigationReplay

enum InputArguments {
    /// Standard input that was not read, said on standard error (CommandNotice.standardInputNotRead).
    typealias Skipped = StandardInputSkip

    static let maxLineBytes = NavlogReader().maxLineBytes

    /// The arguments as given, or "-" when there are none and standard input is not a terminal.
    static func orStandardInput(_ arguments: [String], terminal: Bool = isatty(STDIN_FILENO) == 1) -> [String] {
        arguments.isEmpty && !terminal ? ["-"] : arguments
    }

    /// Hands `body` each argument in order with where it was read (an argument: nowhere; a line of standard
    /// input: `-` and its line), each "-" replaced by the lines of standard input as they are read;
    /// `willWait` runs before standard input is waited for. Returns what of standard input was not read.
    @discardableResult
    static func forEach(_ arguments: [String], standardInput: ByteInput? = nil, willWait: (() -> Void)? = nil,
                        _ body: (String, OutputLocation) -> Void) throws -> [Skipped] {
        guard arguments.filter({ $0 == "-" }).count <= 1 else { throw CommandProblem.standardInputTwice }
        var skipped: [Skipped] = []
        for argument in arguments {
            if argument == "-" {
                let input = try standardInput ?? ByteInput(path: "-")
                input.willWait = willWait
                skipped += readLines(input, body)
            } else {
                body(argument, OutputLocation())
            }
        }
        return skipped
    }

    /// The lines of `input`, each handed to `body` once it ends (blank lines and "#" comments left out).
    private static func readLines(_ input: ByteInput, _ body: (String, OutputLocation) -> Void) -> [Skipped] {
        var skipped: [Skipped] = []
        var line: [UInt8] = []
        var number = 1
        var overlong = false
        var first = true
        func finish() {
            if overlong {
                skipped.append(.overlong(line: number, limit: Self.maxLineBytes))
            } else {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if !isBlank && line.first != UInt8(ascii: "#") { body(String(decoding: line, as: UTF8.self), OutputLocation(file: "-", line: number)) }
            }
            line.removeAll(keepingCapacity: true)
            overlong = false
            number += 1
        }
        while let chunk = input.nextChunk() {
            var start = 0
            if first {
                first = false
                do { start = try TextEncoding.streamedStart(chunk) } catch {
                    skipped.append(.encoding(error))
                    return skipped
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
            return skipped
        }
        if !line.isEmpty || overlong { finish() }
        return skipped
    }
}
