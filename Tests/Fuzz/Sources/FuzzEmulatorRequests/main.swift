// FuzzEmulatorRequests: libFuzzer's entry to EmulatorRequestsFuzzTarget (EmulatorFuzzTarget), whose header
// says what it reads and what its oracle holds. Built with the fuzz package's Emulator trait (Tests/Fuzz/run
// does so when the target is named): linking the emulator builds NIO and Hummingbird with the sanitizer.
// Without it, a stub that says so.
import FuzzDriver
#if Emulator
import EmulatorFuzzTarget

let target = await EmulatorRequestsFuzzTarget()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runOne { try target.runBlocking(fuzzInput(data, count)) }
}

runFuzzer(fuzzOne)
#else
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { 0 }


print("FuzzEmulatorRequests was built without the Emulator trait: Tests/Fuzz/run FuzzEmulatorRequests builds it with it")
exit(2)
#endif
