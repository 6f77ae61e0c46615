// FuzzSecrets: libFuzzer's entry to SecretsFuzzTarget (FuzzTargets), whose header says what it reads and what its oracle holds.
import FuzzDriver
import FuzzTargets

let target = made(SecretsFuzzTarget.init)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runOne { try target.run(fuzzInput(data, count)) }
}

runFuzzer(fuzzOne)
