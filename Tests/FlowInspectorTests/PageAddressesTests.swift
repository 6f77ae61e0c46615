// PageAddressesTests.swift: the URL a page file is served under, by --origin, by the site file beside it,
// by a sentinel that names it, or unknown; an unreadable site file is one error, however many pages.
import FlowInspector
import Foundation
import Testing

@Suite struct PageAddressesTests {
    @Test func byOriginTheSiteFileOrASentinel() throws {
        var errors: [InputError] = []
        var byOrigin = PageAddresses(origin: "https://app.example", engine: nil)
        #expect(byOrigin.url(ofFile: Repository.path("web/xdcomm.html"), root: Repository.path("web"), errors: &errors)?.href == "https://app.example/xdcomm.html")
        var bySite = PageAddresses(origin: nil, engine: nil)
        #expect(bySite.url(ofFile: Repository.path("web/webViewSignIn.html"), root: nil, errors: &errors)?.href == "https://yourdomain.com/webViewSignIn.html")
        var bySentinel = PageAddresses(origin: nil, engine: try Repository.captureEngine())
        #expect(bySentinel.url(ofFile: Repository.path("Fixtures/pages/password_reset.php"), root: nil, errors: &errors)?.href
                == "https://yourdomain.com/password_reset.php")
        var unknown = PageAddresses(origin: nil, engine: nil)
        #expect(unknown.url(ofFile: Repository.path("Fixtures/pages/late-settings.html"), root: nil, errors: &errors) == nil)
        #expect(errors.isEmpty)
    }

    @Test func anUnreadableSiteFileIsOneError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("addresses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{".utf8).write(to: directory.appendingPathComponent("bridge-site.json"))
        var addresses = PageAddresses(origin: nil, engine: nil)
        var errors: [InputError] = []
        for name in ["a.html", "b.html"] {
            #expect(addresses.url(ofFile: directory.appendingPathComponent(name).path, root: nil, errors: &errors) == nil)
        }
        #expect(errors.map(\.input) == [directory.appendingPathComponent("bridge-site.json").path])
    }
}
