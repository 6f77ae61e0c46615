// LibraryLoadingTests.swift: a bridge built with the WebKit trait loads WebKitGTK only for a page hosted in
// WebKit (WebViewHost's WebKitLibrary), so no other command pays for loading it. Read from a running
// `bridge serve`'s own memory map (/proc/PID/maps): the libraries the process has mapped, by file name.
import Foundation
import Testing

@Suite struct LibraryLoadingTests {
    /// The file names a process has mapped (the map's last column, its path's last component).
    static func mappedFileNames(_ pid: Int32) throws -> Set<String> {
        // Read to its end: a /proc file reports no size, and a read sized by it stops at the first page.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var names = Set<String>()
        for line in maps.split(separator: "\n") {
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first, path.hasPrefix("/") else { continue }
            names.insert(String(path.split(separator: "/").last ?? ""))
        }
        return names
    }

    #if WebKit
    static let builtWithWebKit = true
    #else
    static let builtWithWebKit = false
    #endif

    @Test(.enabled(if: builtWithWebKit, "only a bridge built with the WebKit trait could load WebKitGTK"))
    func aCommandThatHostsNoPageLoadsNoWebKit() throws {
        let server = try ServeProcess()
        defer { _ = server.stop() }
        let names = try Self.mappedFileNames(server.server.process.processIdentifier)
        // The map was read: bridge itself and the Swift runtime are in it.
        #expect(names.contains("bridge"))
        #expect(names.contains("libswiftCore.so"))
        let webKit = names.filter { $0.hasPrefix("libwebkit2gtk-") || $0.hasPrefix("libjavascriptcoregtk-") || $0.hasPrefix("libgtk-3.so") }
        #expect(webKit.isEmpty, "mapped: \(webKit.sorted())")
    }
}
