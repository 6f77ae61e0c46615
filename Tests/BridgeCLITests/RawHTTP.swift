// RawHTTP.swift: one HTTP/1.1 request over a plain loopback socket, sent byte for byte as written: the
// target is not normalized (invalid escapes, non-ASCII bytes reach the server as a client could send them)
// and the Host and Origin headers are the test's own, which URLSession would rewrite or refuse. Used for
// the emulator's trust tests (wrong Host, foreign Origin) and the secret property test.
import Foundation

struct RawHTTPResponse {
    let status: Int
    /// Header names lower-cased.
    let headers: [String: String]
    let body: String
}

enum RawHTTP {
    /// Sends one request to `base` (http://127.0.0.1:PORT) and reads the answer until the server closes the
    /// connection or `readLimit` seconds pass without a byte (an event stream never closes by itself).
    static func request(_ base: String, _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
                        readLimit: Double = 5) throws -> RawHTTPResponse {
        let text = try exchange(base, Array("\(method) \(target) HTTP/1.1\r\n".utf8), headers: headers, body: body, readLimit: readLimit)
        let split = text.range(of: "\r\n\r\n")
        let head = split.map { String(text[..<$0.lowerBound]) } ?? text
        let lines = head.components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawHTTPResponse(status: status, headers: fields, body: split.map { String(text[$0.upperBound...]) } ?? "")
    }

    /// Sends `bytes` (a request cut short) and waits up to `seconds` for the server to close the connection;
    /// whether it did (nothing read and the connection ended, rather than the wait running out).
    static func closedByServer(_ base: String, sending bytes: [UInt8], waitingUpTo seconds: Int) throws -> Bool {
        let fd = try connected(base, readLimit: Double(seconds))
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return true }
            if n < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        }
    }

    /// A socket connected to `base`'s port on 127.0.0.1, reads bounded by `readLimit` seconds.
    static func connected(_ base: String, readLimit: Double) throws -> Int32 {
        guard let port = base.split(separator: ":").last.flatMap({ UInt16($0) }) else { throw CocoaError(.fileReadInvalidFileName) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: Int(readLimit), tv_usec: Int((readLimit - Double(Int(readLimit))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// The raw bytes of one exchange, as text.
    static func exchange(_ base: String, _ requestLine: [UInt8], headers: [(String, String)], body: [UInt8], readLimit: Double) throws -> String {
        guard let port = base.split(separator: ":").last.flatMap({ UInt16($0) }) else { throw CocoaError(.fileReadInvalidFileName) }
        let fd = try connected(base, readLimit: readLimit)
        defer { close(fd) }
        var request = requestLine
        var names = Set<String>()
        for (name, value) in headers {
            names.insert(name.lowercased())
            request += Array("\(name): \(value)\r\n".utf8)
        }
        if !names.contains("host") { request += Array("Host: 127.0.0.1:\(port)\r\n".utf8) }
        if !body.isEmpty || requestLine.starts(with: Array("POST".utf8)) { request += Array("Content-Length: \(body.count)\r\n".utf8) }
        request += Array("Connection: close\r\n\r\n".utf8) + body
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
