// NotALogTests.swift: a file taken for a navlog in which no line opens a JSON object (a tool's "logging in
// progress" placeholder, a text file given by mistake) is one rejection, "not a log", not one per line; a log
// whose first line is noise (logcat's "--------- beginning of main") is still a log.
import JSONText
@testable import NavigationReplay
import Testing

@Suite("not a log")
struct NotALogTests {
    static func input(_ text: String) -> ByteInput { ByteInput(name: "log", bytes: Array(text.utf8)) }

    @Test("lines of text, none a JSON object: not a log, with its count of lines", arguments: [
        ("Logging in progress.\nThe log is still being written.\n\nStop logging to read it.\n", 3),
        ("<html><body>export in progress</body></html>", 1),
        ("\u{FEFF}just one line", 1),
    ] as [(String, Int)])
    func notALog(text: String, lines: Int) {
        #expect(LogReplay.notANavlog(Self.input(text)) == lines)
    }

    @Test("a log, even after a line of noise; empty input and other encodings are left to the reader", arguments: [
        #"{"seq":1,"url":"https://a.example/"}"# + "\n",
        "--------- beginning of main\n" + #"{"seq":1,"url":"https://a.example/"}"# + "\n",
        "  \n" + #"  {"seq":1,"url":"https://a.example/"}"#,
        "", "\n\n",
    ])
    func aLog(text: String) {
        #expect(LogReplay.notANavlog(Self.input(text)) == nil)
    }

    @Test("UTF-16 is the reader's encoding problem, not \"not a log\"")
    func utf16() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("text".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(LogReplay.notANavlog(ByteInput(name: "log", bytes: bytes)) == nil)
    }
}
