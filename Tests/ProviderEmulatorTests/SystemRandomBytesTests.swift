// SystemRandomBytesTests.swift: the pool the emulator's codes and tokens are cut from: every draw gets the
// count asked for, across refills and larger than the pool, and no byte is handed out twice (draws that
// would repeat the pool's bytes, or zeros left where bytes were handed out, show as equal runs).
@testable import ProviderEmulator
import Testing

@Suite("provider emulator: random bytes from a pool")
struct SystemRandomBytesTests {
    @Test("draws of 1 to 10,000 bytes, past several refills, each its own count and none repeating another")
    func draws() {
        let pool = SystemRandomBytes.Pool()
        var seen = Set<[UInt8]>()
        var total = 0
        for count in [1, 8, 40, 32, 4095, 4097, 10_000, 48, 64, 64, 64] {
            let bytes = pool.draw(count)
            #expect(bytes.count == count)
            total += count
            // 48 and 64 bytes all zero, or a run equal to an earlier one, would be a byte handed out twice.
            if count >= 32 {
                #expect(bytes.contains { $0 != 0 })
                #expect(seen.insert(Array(bytes.prefix(32))).inserted)
            }
        }
        #expect(total > 4 * SystemRandomBytes.Pool.size)
    }

    @Test("values drawn from the shared pool by the state differ, and use only the alphabet")
    func values() {
        let state = EmulatorState(.embeddedDefault)
        let values = (0..<200).map { _ in state.randomValue(length: 40) }
        #expect(Set(values).count == values.count)
        #expect(values.allSatisfy { $0.utf8.count == 40 && $0.utf8.allSatisfy { EmulatorState.valueAlphabet.contains($0) } })
    }
}
