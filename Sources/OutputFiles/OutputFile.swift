// OutputFile.swift: the one way a command writes a file (a recording, a starter case file, a screenshot), and
// the one account of a run's files (OutputFilePolicy: its inputs, the directories it walks, its outputs).
// - Never over a file that exists unless the user gave --force;
// - never over one of the command's own inputs, even with --force: the page being run, the rules, a log, a
//   file an option reads (--expect), a file found by walking a directory of inputs;
// - never over another output of the same run;
// - a stream that is there (`/dev/null`, `/dev/stdout`, a named pipe, a process substitution `>(…)`) is
//   written in place, as any tool writes one: never replaced by a renamed file (as root, a rename over
//   /dev/null makes it a file every process on the machine then writes to).
//   Files are compared by device and inode, so `./rules.json`, a symbolic link to it or a hard link are
//   the same file as `rules.json`;
// - always through a temporary file in the same directory, renamed into place once complete: a reader never
//   sees half a file, and a run that fails leaves what was there. Without --force the rename is a link(2),
//   which refuses a file that appeared meanwhile instead of replacing it.
// Written on POSIX calls rather than FileManager: FileManager has no exclusive temporary file, no link that
// refuses to replace, and no file identity to compare.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file was not written (worded by the output module).
package enum OutputFileProblem: Error, Hashable, Sendable {
    /// The file exists and --force was not given.
    case exists(path: String)
    /// The file is one of the command's own inputs (`input` as the user named it).
    case isInput(path: String, input: String)
    /// The system refused (a missing directory, no permission, a full disk): its errno.
    case cannotWrite(path: String, errno: Int32)
    /// Two outputs of one run are the same file (or both standard output, `-`): one would replace the other.
    case sameOutput(path: String, other: String)
}

/// A directory a command reads every file of that ends in one of `extensions` (lower case, with the dot).
package struct WalkedDirectory: Sendable, Hashable {
    package let path: String
    package let extensions: [String]

    package init(_ path: String, extensions: [String]) {
        self.path = path
        self.extensions = extensions
    }
}

/// One account of a run's files, known before anything is written: whether it may replace files, every file it
/// reads (named, read by an option, found by walking a directory) and every file it writes. An output is
/// never an input nor another output of the run, --force or not.
package struct OutputFilePolicy: Sendable {
    package let force: Bool
    /// The command's inputs, as the user named them (a directory among them is walked only if `walked` says).
    package let inputs: [String]
    /// The directories the run reads files from, found by walking.
    package let walked: [WalkedDirectory]
    /// The files the run writes (`-`: standard output).
    package let outputs: [String]

    package init(force: Bool, inputs: [String], walked: [WalkedDirectory] = [], outputs: [String] = []) {
        self.force = force
        self.inputs = inputs
        self.walked = walked
        self.outputs = outputs
    }

    /// Checks the run's `outputs` as `check(outputs:)` does: called once, before anything is read or written.
    package func checkRun() throws(OutputFileProblem) { try check(outputs: outputs) }

    /// Throws when the run's `outputs` (every file it will write; `-` is standard output) cannot all be
    /// written: two are the same file, one is an input, or one exists without --force. Called once, before
    /// anything is read or written.
    package func check(outputs: [String]) throws(OutputFileProblem) {
        var seen: [(path: String, place: FilePlace)] = []
        for path in outputs {
            let place = FilePlace(path)
            if let other = seen.first(where: { $0.place == place }) { throw .sameOutput(path: path, other: other.path) }
            seen.append((path, place))
            if path != "-" { try check(path) }
        }
    }

    /// Throws when `path` may not be written now: it is an input, or it exists without --force.
    package func check(_ path: String) throws(OutputFileProblem) {
        guard let target = FileIdentity(path) else { return }
        if let input = inputs.first(where: { FileIdentity($0) == target }) { throw .isInput(path: path, input: input) }
        if let directory = walked.first(where: { $0.holds(path) }) { throw .isInput(path: path, input: directory.path) }
        if !force && !OutputFile.isStream(path) { throw .exists(path: path) }
    }
}

/// A file being written: bytes go to a temporary file beside `path`; `commit` puts it in place. A file never
/// committed is removed when the value goes.
package final class OutputFile {
    package let path: String
    /// The temporary file, which a writer outside this type (a PNG encoder) may write to by name.
    package let temporaryPath: String
    private let policy: OutputFilePolicy
    private var descriptor: Int32
    private var committed = false
    /// The path is a stream that is there: written in place (`temporaryPath` is the path), never renamed over.
    private let isStream: Bool

    /// Whether `path` names a stream that is there: a character device, a pipe or a socket (symbolic links
    /// followed: `/dev/stdout`).
    package static func isStream(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Checks `path` against `policy` and opens the temporary file.
    package init(_ path: String, policy: OutputFilePolicy) throws(OutputFileProblem) {
        try policy.check(path)
        self.path = path
        self.policy = policy
        isStream = Self.isStream(path)
        if isStream {
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotWrite(path: path, errno: errno) }
            temporaryPath = path
            return
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + name + ".bridge-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file 0600; a file the command writes gets the mode any new file would.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed && !isStream { unlink(temporaryPath) }
    }

    /// Appends `bytes`.
    package func write(_ bytes: [UInt8]) throws(OutputFileProblem) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, errno: errno)
            }
            offset += written
        }
    }

    /// Appends `text` as UTF-8.
    package func write(_ text: String) throws(OutputFileProblem) {
        try write(Array(text.utf8))
    }

    /// Puts the file in place: checked again (a file may have appeared, or an input been linked there), then
    /// renamed over it with --force, or linked where nothing is.
    package func commit() throws(OutputFileProblem) {
        guard !committed else { return }
        if descriptor >= 0 {
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw .cannotWrite(path: path, errno: errno) }
        }
        if isStream {
            committed = true
            return
        }
        try policy.check(path)
        if policy.force {
            guard rename(temporaryPath, path) == 0 else { throw .cannotWrite(path: path, errno: errno) }
        } else {
            guard link(temporaryPath, path) == 0 else { throw errno == EEXIST ? .exists(path: path) : .cannotWrite(path: path, errno: errno) }
            unlink(temporaryPath)
        }
        committed = true
    }

    /// Writes `bytes` to `path` as a whole file.
    package static func write(_ bytes: [UInt8], to path: String, policy: OutputFilePolicy) throws(OutputFileProblem) {
        let file = try OutputFile(path, policy: policy)
        try file.write(bytes)
        try file.commit()
    }
}

/// write(2), under the name each C library gives it.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

extension WalkedDirectory {
    /// Whether the file at `path` (which exists) is one the walk reads: under the directory, at any depth, with
    /// one of its endings. Both are resolved (symbolic links, `..`) before they are compared.
    func holds(_ path: String) -> Bool {
        let name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        guard extensions.contains(where: { name.hasSuffix($0) }), let directory = resolved(self.path), let file = resolved(path) else { return false }
        return file.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }
}

/// `path` with its symbolic links and `..` resolved, or nil where nothing is.
func resolved(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard realpath(path, &buffer) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Where a path names a file, whether or not it exists yet: its identity when it exists, else its directory
/// resolved (symbolic links and `..` followed) and its name; `-` is standard output.
enum FilePlace: Equatable {
    case standardOutput
    case existing(FileIdentity)
    case new(directory: String, name: String)

    init(_ path: String) {
        if path == "-" { self = .standardOutput; return }
        if let identity = FileIdentity(path) { self = .existing(identity); return }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        self = .new(directory: resolved(directory.isEmpty ? "/" : directory) ?? directory, name: name)
    }
}

/// A file's device and inode; nil when nothing is at the path.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
