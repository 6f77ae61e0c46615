// ByteInput.swift: a log's bytes from a file or standard input, read in chunks so a long log never has
// to fit in memory. The first chunk can be looked at before a reader is chosen (format sniffing) and is
// then handed to that reader, so standard input, which cannot be re-read, works like a file. A chunk is
// read with read(2) straight into the array the readers take: FileHandle's read gives a Data, which
// would be allocated and then copied into that array, once per chunk of every log. A read that fails
// (EIO from a disk or a network mount) ends the input where it failed and is kept as `failure`, for the
// reader to report after the bytes before it: those are still replayed, and the log is not taken as whole.
// A pipe or a terminal can pause: before a read that would wait for its writer, `willWait` runs, so that a
// command prints what it has decided so far (`adb logcat | bridge replay -` shows each navigation as it
// comes, not when the phone is unplugged).
import InputProblems
import Foundation
import InputFiles
import JSONText
import NavigationPolicy
import SensitiveText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package final class ByteInput {
    /// The input's name as it was given: the path, or "-" for standard input (the output module says it
    /// in words).
    package let name: String
    /// Whether the bytes come from standard input ("-").
    package let isStandardInput: Bool
    private let handle: FileHandle
    private let ownsHandle: Bool
    /// Bytes read ahead by `peek` and not yet consumed.
    private var pending: [UInt8] = []
    package static let chunkSize = 1 << 16
    /// Bytes read from the handle so far.
    private var offset = 0
    /// Why the input ended before its end, if a read failed; nil while reading goes well.
    package private(set) var failure: ReplayInputError?
    /// Run before a read that would wait for more bytes (a pipe or a terminal whose writer has not written
    /// them yet); never for a regular file.
    package var willWait: (() -> Void)?
    /// Whether reads can wait for a writer (not a regular file).
    private lazy var canWait: Bool = {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { return true }
        return (status.st_mode & S_IFMT) != S_IFREG
    }()

    /// Opens a file, or standard input for "-".
    package init(path: String) throws(ReplayInputError) {
        if path == "-" {
            name = "-"
            isStandardInput = true
            handle = FileHandle.standardInput
            ownsHandle = false
        } else {
            // Opened, and told why not, as every file given to bridge is (InputFiles).
            let descriptor: Int32
            do { descriptor = try InputFile.open(path) } catch { throw .cannotOpen(path, error) }
            name = path
            isStandardInput = false
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            ownsHandle = true
        }
    }

    /// Bytes in memory (tests, generated logs).
    package init(name: String, bytes: [UInt8]) {
        self.name = name
        isStandardInput = false
        handle = FileHandle(fileDescriptor: -1, closeOnDealloc: false)
        ownsHandle = false
        pending = bytes
        exhausted = true
    }

    private var exhausted = false

    deinit { if ownsHandle { try? handle.close() } }

    /// The next chunk (at most `chunkSize` bytes past what was peeked), or nil at the end.
    package func nextChunk() -> [UInt8]? {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        guard !exhausted, let chunk = readChunk() else {
            exhausted = true
            return nil
        }
        return chunk
    }

    /// Up to `chunkSize` bytes from the handle (read again after a signal interrupts the read); nil at the
    /// end of input or on an error, which is kept in `failure`.
    private func readChunk() -> [UInt8]? {
        let descriptor = handle.fileDescriptor
        if let willWait, canWait {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) == 0 { willWait() }
        }
        var error: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { buffer, count in
            while true {
                let got = read(descriptor, buffer.baseAddress, Self.chunkSize)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { error = errno }
                count = max(got, 0)
                return
            }
        }
        if error != 0 {
            failure = .readFailed(name, offset: offset, code: error)
            return nil
        }
        offset += chunk.count
        return chunk.isEmpty ? nil : chunk
    }

    /// At least `count` bytes from the start (fewer at the end of input), without consuming them; or fewer,
    /// as soon as `enough` says the bytes read so far are enough (it is asked after each read).
    package func peek(_ count: Int, until enough: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        while pending.count < count, !exhausted, !enough(pending) {
            guard let chunk = readChunk() else { exhausted = true; break }
            pending.append(contentsOf: chunk)
        }
        return Array(pending.prefix(count))
    }

    /// Everything left, for the whole-document formats (HAR, CDP). `limit` bounds memory.
    package func readAll(limit: Int) throws(ReplayInputError) -> [UInt8] {
        var all: [UInt8] = []
        while let chunk = nextChunk() {
            all.append(contentsOf: chunk)
            if all.count > limit {
                throw .tooLarge(name, limit: limit)
            }
        }
        if let failure { throw failure }
        do { return try TextEncoding.utf8(all) } catch { throw .encoding(name, error) }
    }
}

/// A log that cannot be opened or read at all, and which (a path, or the input's name).
package enum ReplayInputError: Error, Sendable, Hashable {
    /// The log could not be opened, and why (no such file, a directory, permission).
    case cannotOpen(String, InputFileProblem)
    /// A read that failed after `offset` bytes, with the system's error number.
    case readFailed(String, offset: Int, code: Int32)
    /// A whole-document log (HAR, CDP) past the bytes it may hold in memory.
    case tooLarge(String, limit: Int)
    case encoding(String, TextEncodingError)
}
