// HostNoteTests.swift: what the host did (--verbose) is a value; its words quote a URL as a URL, so a token
// in the start URL is masked where the note names it, and an engine's own words as foreign text.
import CommandOutput
import SecretMasking
import SensitiveText
import Testing
import WebViewHost

@Suite("Host notes")
struct HostNoteTests {
    static let url = "https://yourdomain.com/cb?code=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    @Test("a URL a note names is a URL value, in both engines' loading notes and the loaded note",
          arguments: [HostNote.loading(url: url, engine: .webkit), .loading(url: url, engine: .chromium), .loaded(url: url)])
    func urlIsAValue(note: HostNote) {
        #expect(note.words.parts.contains(.value(Sensitive(Self.url, as: .url))))
        #expect(!note.words.parts.contains { if case .words(let text) = $0 { text.contains("code=") } else { false } })
    }

    @Test("Chromium's refusal and GLib's error are quoted as foreign text, not made part of bridge's words")
    func foreignWords() {
        let refused = HostNote.devToolsRefused(method: "Page.navigate", message: "Cannot navigate to invalid URL")
        #expect(refused.words.parts.contains(.value(Sensitive("Cannot navigate to invalid URL", as: .foreign))))
        let glib = HostNote.connectionsClose(glibError: "Address already in use")
        #expect(glib.words.parts.contains(.value(Sensitive("Address already in use", as: .foreign))))
    }
}
