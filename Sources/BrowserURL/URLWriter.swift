// URLWriter.swift: the parser's output buffer. A plain pointer, count and capacity: appending a byte is
// a compare and a store (a Swift Array append checks uniqueness on every call, on the parse's hottest
// path). It starts on scratch memory the caller provides (the stack, for ordinary URLs) and moves to
// the heap only when the output outgrows it (percent-encoding, IDNA). Owned by one parse; never escapes.

struct URLWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// Whether the output outgrew the scratch memory and now lives on the heap.
    private(set) var ownsHeapStorage = false

    init(scratch: UnsafeMutableBufferPointer<UInt8>) {
        base = scratch.baseAddress!
        capacity = scratch.count
    }

    /// Frees heap storage, if the writer grew onto the heap.
    mutating func release() {
        if ownsHeapStorage { base.deallocate() }
        ownsHeapStorage = false
        capacity = 0
    }

    private mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2, 64)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        storage.update(from: base, count: count)
        if ownsHeapStorage { base.deallocate() }
        base = storage
        capacity = newCapacity
        ownsHeapStorage = true
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        get { base[index] }
        set { base[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    mutating func append(_ string: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Appends `byte`, percent-encoded when it is in `set`.
    @inline(__always)
    mutating func appendPercentEncoded(_ byte: UInt8, _ set: PercentEncodeSet) {
        if set.contains(byte) {
            if count + 3 > capacity { grow(toAtLeast: count + 3) }
            base[count] = 0x25
            base[count + 1] = upperHex(byte >> 4)
            base[count + 2] = upperHex(byte & 0xF)
            count += 3
        } else {
            append(byte)
        }
    }

    /// The end of the output, with room for `n` more bytes; `advance(by:)` then counts those written.
    @inline(__always)
    mutating func spareCapacity(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { grow(toAtLeast: count + n) }
        return base + count
    }

    /// Counts `n` bytes written at `spareCapacity`'s pointer.
    @inline(__always)
    mutating func advance(by n: Int) { count += n }

    /// Drops everything from `index` on.
    @inline(__always)
    mutating func truncate(to index: Int) { count = index }

    /// Inserts `bytes` at `index`, moving what follows.
    mutating func insert(_ bytes: StaticString, at index: Int) {
        let n = bytes.utf8CodeUnitCount
        if count + n > capacity { grow(toAtLeast: count + n) }
        (base + index + n).update(from: base + index, count: count - index)
        (base + index).update(from: bytes.utf8Start, count: n)
        count += n
    }

    /// The bytes in `range`.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Whether the bytes from `start` to the end are exactly `ascii`.
    func suffix(from start: Int, equals ascii: StaticString) -> Bool {
        let n = ascii.utf8CodeUnitCount
        guard count - start == n else { return false }
        for i in 0..<n where base[start + i] != ascii.utf8Start[i] { return false }
        return true
    }

    /// The whole output as a String (one copy; the output is ASCII).
    func makeString() -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.update(from: base, count: count)
            return count
        }
    }
}
