// InputFile.swift: the one way bridge reads a whole file it was given (rules, case files, the emulator's
// configuration, a site file, a page, a saved transcript): "-" is standard input, and a pipe, a named pipe
// (FIFO) or a process substitution (`--rules <(…)`, /dev/fd/N) is read to its end like a regular file.
// Read on open(2)/read(2) rather than Foundation's FileManager, whose `contents(atPath:)` gives nothing for a
// pipe and says nothing of why a file could not be read. A failure is a value saying why: not found, a
// directory, no permission, too large, or the read's own error. Also the one walk of a directory given in a
// file's place (inspect's pages, test's case files).
import InputProblems
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum InputFile {
    /// The largest file read whole (bytes) unless a reader says otherwise.
    package static let defaultLimit = 512 << 20

    /// A descriptor open for reading `path` ("-": standard input's), or why there is none: the one place a
    /// file given to bridge is opened (a log read in chunks opens it here too). The caller closes it, unless
    /// it is standard input's.
    package static func open(_ path: String) throws(InputFileProblem) -> Int32 {
        if path == "-" { return STDIN_FILENO }
        let descriptor = systemOpen(path)
        if descriptor < 0 { throw InputFileProblem(errno: errno) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .directory
        }
        return descriptor
    }

    /// The bytes of `path` ("-": standard input), read to the end.
    package static func read(_ path: String, limit: Int = defaultLimit) throws(InputFileProblem) -> [UInt8] {
        let descriptor = try open(path)
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let (got, failure) = buffer.withUnsafeMutableBufferPointer { buffer -> (Int, Int32) in
                while true {
                    let n = systemRead(descriptor, buffer.baseAddress!, chunk)
                    if n < 0 && errno == EINTR { continue }
                    return (n, n < 0 ? errno : 0)
                }
            }
            if got < 0 { throw InputFileProblem(errno: failure) }
            if got == 0 { return bytes }
            // Appended a chunk at a time: the array grows geometrically, whatever the file's length.
            bytes.append(contentsOf: buffer[0..<got])
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
    }

    /// The files under `directory` (at any depth) whose names end in one of `extensions` (compared without
    /// case, each with its dot: ".jsonl"), as paths under it, sorted.
    package static func files(under directory: String, withExtensions extensions: [String]) -> [String] {
        let walker = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let relative = walker?.nextObject() as? String {
            let name = relative.lowercased()
            if extensions.contains(where: { name.hasSuffix($0) }) { files.append((directory as NSString).appendingPathComponent(relative)) }
        }
        return files.sorted()
    }

    /// Whether `path` names a directory (for the commands that walk one).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return path != "-" && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}

/// open(2) under a name that does not collide with the member called `open`.
@inline(__always)
private func systemOpen(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

/// read(2) under a name that does not collide with the members called `read`.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension InputFileProblem {
    /// The problem an errno of open(2) or read(2) names.
    package init(errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .notFound
        case EISDIR: self = .directory
        case EACCES, EPERM: self = .permissionDenied
        default: self = .failed(errno: code)
        }
    }
}
