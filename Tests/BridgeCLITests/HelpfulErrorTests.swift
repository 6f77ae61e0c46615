// HelpfulErrorTests.swift: errors that say what to do: a mistyped command gets the one it is nearest to, a
// port in use gets --port 0, a negative number is read as the number it is (and refused for its range).
import CommandOutput
import Foundation
import JSONText
import SecretMasking
import TestSupport
import Testing
@testable import bridge

@Suite("errors that help", .blockingWork)
struct HelpfulErrorTests {
    @Test("a word that is no command: the nearest command, as a value", arguments: [
        (["chek", "x"], CommandProblem.unknownCommand("chek", suggestion: "check", commands: Bridge.commandNames)),
        (["help", "chek"], .unknownCommand("chek", suggestion: "check", commands: Bridge.commandNames)),
        (["replya", "-"], .unknownCommand("replya", suggestion: "replay", commands: Bridge.commandNames)),
        (["CHECK"], .unknownCommand("CHECK", suggestion: "check", commands: Bridge.commandNames)),
        (["insp"], .unknownCommand("insp", suggestion: "inspect", commands: Bridge.commandNames)),
        (["frobnicate"], .unknownCommand("frobnicate", suggestion: nil, commands: Bridge.commandNames)),
    ])
    func unknownCommand(arguments: [String], problem: CommandProblem) throws {
        #expect(Bridge.unknownCommand(arguments) == problem)
        #expect(try BridgeProcess.run(arguments).status == 2)
    }

    @Test("host in a build without WebKit: how to get it, not the nearest command")
    func hostWithoutWebKit() {
        let defaultBuild = Bridge.commandNames.filter { $0 != HostCommand.configuration.commandName }
        #expect(Bridge.unknownCommand(["host", "page.html"], commands: defaultBuild, hasWebKit: false) == .builtWithoutWebKit)
        #expect(Bridge.unknownCommand(["help", "host"], commands: defaultBuild, hasWebKit: false) == .builtWithoutWebKit)
        #expect(Bridge.unknownCommand(["hots"], commands: defaultBuild, hasWebKit: false)
                == .unknownCommand("hots", suggestion: KnownKeys.suggestion(for: "hots", among: defaultBuild), commands: defaultBuild))
        #expect(Bridge.unknownCommand(["host"], commands: Bridge.commandNames, hasWebKit: true) == nil)
    }

    @Test("a command, help, an option or nothing is not taken for a mistyped command", arguments: [
        ["check", "x"], ["help"], ["help", "check"], ["--version"], [], ["url", "chek"],
    ])
    func knownWords(arguments: [String]) {
        #expect(Bridge.unknownCommand(arguments) == nil)
    }

    @Test("serve on a port another process holds: a usage problem naming --port 0, exit 2")
    func portInUse() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        #expect(bound == 0 && listen(socket, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let run = try BridgeProcess.run(["serve", "--port", String(port)])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("a negative number is the option's value: the range check refuses it, naming the option and the value, exit 2",
          arguments: [
              (["inspect", "--timeout", "-1", "web/xdcomm.html"], CommandProblem.secondsOutOfRange(option: "--timeout", -1)),
              (["inspect", "--max-bytes", "-5", "web/xdcomm.html"], .bytesOutOfRange(option: "--max-bytes", -5, most: 1 << 30)),
              (["serve", "--port", "-1"], .portOutOfRange(-1)),
              (["host", "--idle", "-2", "--rules", "Fixtures/rules/capture.json", "web/xdcomm.html"], .secondsOutOfRange(option: "--idle", -2)),
          ])
    func negativeNumbers(arguments: [String], problem: CommandProblem) throws {
        let run = try BridgeProcess.run(arguments)
        #expect(run.status == 2)
        // ArgumentParser prints a validation problem as "Error: " and its words; a missing value would be its own.
        let first = run.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "Error: " + problem.words(masking: Redactor()), "\(run.stderr)")
    }
}
