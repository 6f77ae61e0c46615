// SystemRandomBytes.swift: bytes from the operating system's cryptographic generator (arc4random_buf: the
// kernel's getrandom behind glibc's, the system's own on Apple platforms). The standard library's
// SystemRandomNumberGenerator is the same source but gives eight bytes a call, a system call each on Linux,
// and glibc's arc4random_buf is a system call a draw too; the emulator's codes and tokens want tens of bytes
// each, one or two a request. So bytes are drawn a page at a time into a pool the values are cut from, each
// byte handed out once and the pool refilled from the system when it runs out: the same source, one system
// call for about a hundred values.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

enum SystemRandomBytes {
    /// `count` bytes, never handed out before.
    static func draw(_ count: Int) -> [UInt8] { pool.draw(count) }

    private static let pool = Pool()

    final class Pool: @unchecked Sendable {
        /// Bytes drawn from the system per refill.
        static let size = 4096
        private let lock = NSLock()
        private var bytes = [UInt8](repeating: 0, count: size)
        /// The first byte not yet handed out; `size` when the pool is empty.
        private var next = size

        func draw(_ count: Int) -> [UInt8] {
            lock.lock(); defer { lock.unlock() }
            var out: [UInt8] = []
            out.reserveCapacity(count)
            while out.count < count {
                if next == Self.size { refill() }
                let take = Swift.min(count - out.count, Self.size - next)
                out.append(contentsOf: bytes[next..<next + take])
                // A byte handed out is not kept where a later dump of the pool would find it.
                for i in next..<next + take { bytes[i] = 0 }
                next += take
            }
            return out
        }

        private func refill() {
            bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { arc4random_buf(base, Self.size) } }
            next = 0
        }
    }
}
