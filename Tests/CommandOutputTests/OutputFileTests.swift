// OutputFileTests.swift: the one way a command writes a file: never over an existing file without --force,
// never over an input (by file identity, however the path is spelt), nothing in place until the file is
// committed, and no temporary file left behind.
import OutputFiles
import CommandOutput
import Foundation
import Testing

@Suite("output files")
struct OutputFileTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("output-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".bridge-") }
    }

    @Test("a new file is written whole; an existing one is kept without --force and replaced with it")
    func existing() throws {
        let path = directory + "/out.navlog"
        try OutputFile.write(Array("one\n".utf8), to: path, policy: OutputFilePolicy(force: false, inputs: []))
        #expect(contents(path) == "one\n")
        #expect(throws: OutputFileProblem.exists(path: path)) {
            try OutputFile.write(Array("two\n".utf8), to: path, policy: OutputFilePolicy(force: false, inputs: []))
        }
        #expect(contents(path) == "one\n")
        try OutputFile.write(Array("three\n".utf8), to: path, policy: OutputFilePolicy(force: true, inputs: []))
        #expect(contents(path) == "three\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("a stream that is there (a named pipe) is written in place, with or without --force, and stays a pipe", arguments: [false, true])
    func streamWrittenInPlace(force: Bool) throws {
        let fifo = directory + "/out.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The read end opened first without waiting, so the writer's open finds a reader; what it writes waits
        // in the pipe's buffer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try OutputFile.write(Array("through the pipe\n".utf8), to: fifo, policy: OutputFilePolicy(force: force, inputs: []))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe\n")
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try leftovers().isEmpty)
    }

    @Test("an input is never written over, even with --force, whether named as it is, through ./, a symbolic or a hard link")
    func inputs() throws {
        let input = directory + "/page.html"
        try Data("<p>page</p>".utf8).write(to: URL(fileURLWithPath: input))
        try FileManager.default.createSymbolicLink(atPath: directory + "/symlink.html", withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: directory + "/hardlink.html")
        for path in [input, directory + "/./page.html", directory + "/symlink.html", directory + "/hardlink.html"] {
            #expect(throws: OutputFileProblem.isInput(path: path, input: input)) {
                try OutputFile.write(Array("x".utf8), to: path, policy: OutputFilePolicy(force: true, inputs: [input]))
            }
        }
        #expect(contents(input) == "<p>page</p>")
        #expect(try leftovers().isEmpty)
    }

    @Test("nothing is in place until commit; a file that appears meanwhile is kept; an uncommitted file leaves nothing")
    func commit() throws {
        let path = directory + "/rec.navlog"
        do {
            let file = try OutputFile(path, policy: OutputFilePolicy(force: false, inputs: []))
            try file.write("{}\n")
            #expect(!FileManager.default.fileExists(atPath: path))
            try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: OutputFileProblem.exists(path: path)) { try file.commit() }
        }
        #expect(contents(path) == "theirs")
        do {
            let file = try OutputFile(directory + "/abandoned.navlog", policy: OutputFilePolicy(force: false, inputs: []))
            try file.write("half")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/abandoned.navlog"))
        #expect(try leftovers().isEmpty)
    }

    @Test("a directory that does not exist is the system's error, named")
    func cannotWrite() {
        let path = directory + "/missing/out.navlog"
        #expect(throws: OutputFileProblem.cannotWrite(path: path, errno: ENOENT)) {
            try OutputFile.write([], to: path, policy: OutputFilePolicy(force: false, inputs: []))
        }
    }
}
