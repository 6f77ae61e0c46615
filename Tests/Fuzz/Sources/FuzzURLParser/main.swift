// FuzzURLParser: libFuzzer's entry to URLParserFuzzTarget (FuzzTargets), whose header says what it reads and what its oracle holds.
import FuzzDriver
import FuzzTargets

let target = URLParserFuzzTarget()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runOne { try target.run(fuzzInput(data, count)) }
}

runFuzzer(fuzzOne)
