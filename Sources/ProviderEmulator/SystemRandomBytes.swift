// SystemRandomBytes.swift: bytes from the operating system's cryptographic generator, as many as asked in
// one call (arc4random_buf: the kernel's getrandom behind glibc's, the system's own on Apple platforms). The
// standard library's SystemRandomNumberGenerator is the same source but gives eight bytes a call, a system
// call each on Linux, where the emulator's codes and tokens want tens of bytes each.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum SystemRandomBytes {
    static func draw(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { arc4random_buf(base, count) }
            initialized = count
        }
    }
}
