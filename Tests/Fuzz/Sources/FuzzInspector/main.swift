// FuzzInspector: libFuzzer's entry to InspectorFuzzTarget (FuzzTargets), whose header says what it reads and what its oracle holds.
import FuzzDriver
import FuzzTargets

let target = made(InspectorFuzzTarget.init)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runOne { try target.run(fuzzInput(data, count)) }
}

runFuzzer(fuzzOne)
