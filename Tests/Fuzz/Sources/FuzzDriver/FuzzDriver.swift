// FuzzDriver.swift: starts libFuzzer from a Swift executable's own main (LLVMFuzzerRunDriver, part of
// libFuzzer), so the fuzz targets link as ordinary SwiftPM executables built with -sanitize=fuzzer.
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with this process's arguments and `callback` as the target; exits with its status.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}

/// The input as a buffer (libFuzzer passes a null pointer for an empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: count > 0 ? data : nil, count: count)
}

/// Runs one input through a target; a failure of its oracle traps, so libFuzzer keeps the input.
public func runOne(_ body: () throws -> Void) -> CInt {
    do { try body() } catch { fatalError("\(error)") }
    return 0
}

/// A target made with its embedded rules; one that does not load traps before any input runs.
public func made<Target>(_ make: () throws -> Target) -> Target {
    do { return try make() } catch { fatalError("\(error)") }
}
