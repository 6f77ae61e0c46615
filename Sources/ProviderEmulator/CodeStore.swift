// CodeStore.swift: every code and token the emulator issued, in the order it issued them (the dashboard and
// /emulator/v1/codes list them so), found by value through an index: a redemption or a bearer check reads the
// codes with that value, not every code issued since the server started, so a busy server does not slow down
// as codes pile up. Growing never stops the server for long either: the codes are kept in fixed-size chunks
// (a new chunk is added, nothing is copied) and the index is split in shards by the value's last byte (one
// shard's table is rehashed at a time, not the whole index), because growth happens under the emulator's lock
// while every other request waits. Values never change once issued (only a code's use and refresh secret do),
// which keeps the index right; the subscript's setter checks it.
extension EmulatorState {
    struct CodeStore: RandomAccessCollection {
        private static let chunkBits = 12
        private static let chunkSize = 1 << chunkBits
        private static let shardCount = 64

        private var chunks: [[IssuedCode]] = []
        private var count_ = 0
        /// The positions of the codes with each value (a Kii PIN's six digits may repeat), in shards.
        private var shards: [[String: [Int]]] = Array(repeating: [:], count: shardCount)

        init() {}

        var startIndex: Int { 0 }
        var endIndex: Int { count_ }

        subscript(position: Int) -> IssuedCode {
            get {
                precondition(position >= 0 && position < count_, "code position out of range")
                return chunks[position >> Self.chunkBits][position & (Self.chunkSize - 1)]
            }
            set {
                precondition(newValue.value == self[position].value, "a code's value never changes once issued")
                chunks[position >> Self.chunkBits][position & (Self.chunkSize - 1)] = newValue
            }
        }

        mutating func append(_ code: IssuedCode) {
            shards[Self.shard(code.value)][code.value, default: []].append(count_)
            if count_ & (Self.chunkSize - 1) == 0 {
                var chunk: [IssuedCode] = []
                chunk.reserveCapacity(Self.chunkSize)
                chunks.append(chunk)
            }
            chunks[chunks.count - 1].append(code)
            count_ += 1
        }

        /// The first code with `value` (in issue order) that `matches`.
        func first(value: String?, where matches: (IssuedCode) -> Bool = { _ in true }) -> IssuedCode? {
            firstIndex(value: value, where: matches).map { self[$0] }
        }

        /// The position of the first code with `value` (in issue order) that `matches`.
        func firstIndex(value: String?, where matches: (IssuedCode) -> Bool = { _ in true }) -> Int? {
            guard let value, let candidates = shards[Self.shard(value)][value] else { return nil }
            return candidates.first { matches(self[$0]) }
        }

        private static func shard(_ value: String) -> Int {
            Int(value.utf8.last ?? 0) % shardCount
        }
    }
}
