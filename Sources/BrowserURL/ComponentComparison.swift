// ComponentComparison.swift: compares a URL's components with strings on the href's own bytes, without
// making a String for the component. The policy engine runs these on every navigation (scheme, host and
// path lookups), where a String per component would be most of a decision's cost.

/// A component a comparison reads, by the URL Standard's getter names.
public enum URLComponentName: Sendable {
    case scheme, username, password, hostname, pathname
}

extension BrowserURL {
    /// The component's byte range in `href` (empty when the URL has none). Always inlined: most callers
    /// name the component as a constant, and the switch then folds away (called, it was a jump table the
    /// branch predictor missed about three times a decision).
    @inline(__always)
    func byteRange(_ component: URLComponentName) -> Range<Int> {
        switch component {
        case .scheme: return 0..<layout.schemeEnd
        case .username: return layout.hostStart < 0 ? 0..<0 : (layout.schemeEnd + 3)..<layout.usernameEnd
        case .password:
            return layout.passwordEnd > layout.usernameEnd ? (layout.usernameEnd + 1)..<layout.passwordEnd : 0..<0
        case .hostname: return layout.hostStart < 0 ? 0..<0 : layout.hostStart..<layout.hostEnd
        case .pathname: return layout.pathStart..<pathEnd
        }
    }

    /// The component's UTF-8 offsets in `href` (an empty range when the URL has none).
    public func byteRange(of component: URLComponentName) -> Range<Int> { byteRange(component) }

    /// `body` over the href's UTF-8 bytes, in place. Inlinable, so a caller in another module gets it
    /// specialized: called generically, it instantiated its result type's metadata on every call (on each
    /// navigation the engine looks for a deep link's route in).
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { withHrefBytes(body) }

    /// The href's bytes at UTF-8 offsets `range`, as a String (for a range found on the bytes).
    public func string(inBytes range: Range<Int>) -> String { slice(range.lowerBound, range.upperBound) }

    /// Whether the href's bytes at UTF-8 offsets `range` are exactly `string`'s.
    @inline(__always)
    public func bytes(_ range: Range<Int>, equal string: String) -> Bool {
        withBytes(string) { other in
            guard other.count == range.count else { return false }
            return withHrefBytes { href in bytesEqual(href, range.lowerBound, other, 0, range.count) }
        }
    }

    /// The component's length in bytes.
    public func byteCount(of component: URLComponentName) -> Int { byteRange(component).count }

    /// The component as a slice of `href` (shares its storage; no String is made).
    public func componentSubstring(_ component: URLComponentName) -> Substring {
        let range = byteRange(component)
        return substring(range.lowerBound, range.upperBound)
    }

    /// Whether the component is exactly `string` (byte for byte: components are ASCII and already
    /// normalised by parsing, so this is what `component == string` means).
    public func component(_ component: URLComponentName, equals string: String) -> Bool {
        bytes(byteRange(component), equal: string)
    }

    /// Whether the component ends with `suffix`, and the byte before the suffix is `separator` (nil: no
    /// condition): a hostname under a domain ends with the domain after a ".".
    public func component(_ component: URLComponentName, hasSuffix suffix: String, after separator: UInt8? = nil) -> Bool {
        let range = byteRange(component)
        return withBytes(suffix) { other in
            let needed = other.count + (separator == nil ? 0 : 1)
            guard range.count >= needed else { return false }
            return withHrefBytes { href in
                let start = range.upperBound - other.count
                if let separator, href[start - 1] != separator { return false }
                return bytesEqual(href, start, other, 0, other.count)
            }
        }
    }

    /// Calls `body` with the href's UTF-8 bytes.
    @inlinable @inline(__always)
    func withHrefBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withBytes(href, body)
    }
}

/// Calls `body` with the string's contiguous UTF-8 bytes (copied only when the string is not native).
@inlinable @inline(__always)
func withBytes<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(string.utf8).withUnsafeBufferPointer(body)
}

/// Whether `a[aStart..<aStart + count]` and `b[bStart..<bStart + count]` hold the same bytes (both ranges
/// must lie in their buffers). Eight bytes are compared at a time, and the last eight overlap the ones
/// before them rather than being compared one by one; under eight, four and then single bytes. Hosts,
/// paths and parameter names are compared on every decision, most of them eight bytes or longer.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ aStart: Int, _ b: UnsafeBufferPointer<UInt8>, _ bStart: Int, _ count: Int) -> Bool {
    guard count > 0 else { return true }
    let p = UnsafeRawPointer(a.baseAddress! + aStart), q = UnsafeRawPointer(b.baseAddress! + bStart)
    if count >= 8 {
        var i = 0
        while i + 8 < count {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != q.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        return p.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == q.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return p.loadUnaligned(as: UInt32.self) == q.loadUnaligned(as: UInt32.self)
            && p.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == q.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var i = 0
    while i < count {
        if p.load(fromByteOffset: i, as: UInt8.self) != q.load(fromByteOffset: i, as: UInt8.self) { return false }
        i += 1
    }
    return true
}

/// Strings a component is looked up among, prepared once (a rules file's hosts and schemes): the bytes of
/// all of them in one buffer, so a lookup reads the href once and compares lengths before bytes, with no
/// String made, hashed or retained per candidate. For each length up to 63 bytes, a bit set of the first 64
/// keys of that length, so a lookup compares bytes only with keys of the component's length. A key may be a
/// parent domain: it then also matches a host under it, by whole labels (`a.example.com` and
/// `a.b.example.com` under `example.com`, never `evilexample.com`), as a cookie's Domain or HSTS's
/// includeSubDomains reads a host. What a key stands for is the caller's.
package struct ComponentKeys: Sendable {
    private let storage: Storage

    /// The keys' bytes, bounds and length sets in memory of its own, written once in `init` and only read
    /// after: a lookup reads through a pointer, never retaining an array buffer as `withUnsafeBufferPointer`
    /// over a stored array does (an atomic increment and decrement per lookup, which a decision makes several of).
    final class Storage: @unchecked Sendable {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        /// Each key's start in `bytes`, and one more entry: the end of the last.
        let bounds: UnsafeMutableBufferPointer<Int>
        /// `byLength[n]`: bit i set when key i (i < 64) is n bytes long (n < 64).
        let byLength: UnsafeMutableBufferPointer<UInt64>
        /// Per key, whether it also matches the hosts under it (read only by the subdomain lookup).
        let includesSubdomains: UnsafeMutableBufferPointer<Bool>
        /// The subdomain lookup's length sets: `exactOrFitting[n]`, bit i set when key i (i < 64) is exact
        /// and n bytes long, or includes subdomains and is short enough to end a component of n bytes after a label
        /// and a dot (at most n - 2 bytes). Only these keys are compared with a component of n < 64 bytes.
        let exactOrFitting: UnsafeMutableBufferPointer<UInt64>
        /// Whether the length sets hold every key a component under 64 bytes can be (at most 64 keys: a key
        /// of 64 bytes or more is in no set, and no such component equals or ends with it). Otherwise keys
        /// past the 64th are tried one by one, and for a component of 64 bytes or more, every key.
        let allKeysIndexed: Bool
        /// When not every key is in the length sets: an open-addressed table of the first index of each
        /// distinct key by its bytes' FNV-1a hash (index + 1; 0 is an empty slot), so an exact lookup among
        /// thousands of keys (rules made from a large recording) is one probe, not a scan.
        let slots: UnsafeMutableBufferPointer<Int32>

        init(_ strings: [String], includingSubdomains: [Bool]) {
            let total = strings.reduce(0) { $0 + $1.utf8.count }
            bytes = .allocate(capacity: max(total, 1))
            bounds = .allocate(capacity: strings.count + 1)
            byLength = .allocate(capacity: 64)
            byLength.initialize(repeating: 0)
            includesSubdomains = .allocate(capacity: max(strings.count, 1))
            includesSubdomains.initialize(repeating: false)
            for (index, flag) in includingSubdomains.enumerated() { includesSubdomains[index] = flag }
            exactOrFitting = .allocate(capacity: 64)
            exactOrFitting.initialize(repeating: 0)
            allKeysIndexed = strings.count <= 64
            var offset = 0
            bounds[0] = 0
            for (index, string) in strings.enumerated() {
                for byte in string.utf8 {
                    bytes[offset] = byte
                    offset += 1
                }
                bounds[index + 1] = offset
                let length = string.utf8.count
                guard index < 64 else { continue }
                if length < 64 { byLength[length] |= 1 << UInt64(index) }
                if includesSubdomains[index] {
                    for fitting in (length + 2)..<max(length + 2, 64) { exactOrFitting[fitting] |= 1 << UInt64(index) }
                } else if length < 64 {
                    exactOrFitting[length] |= 1 << UInt64(index)
                }
            }
            var size = 1
            if !allKeysIndexed { while size < strings.count * 2 { size <<= 1 } }
            slots = .allocate(capacity: size)
            slots.initialize(repeating: 0)
            guard !allKeysIndexed else { return }
            let keys = UnsafeBufferPointer(bytes)
            for index in 0..<strings.count {
                let start = bounds[index], length = bounds[index + 1] - start
                var slot = Self.hash(keys, start, length) & (size - 1)
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1, otherStart = bounds[other]
                    if bounds[other + 1] - otherStart == length && bytesEqual(keys, start, keys, otherStart, length) { break }
                    slot = (slot + 1) & (size - 1)
                }
                if slots[slot] == 0 { slots[slot] = Int32(index + 1) }
            }
        }

        /// FNV-1a over `bytes[start..<start + length]`.
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int {
            var hash: UInt64 = 0xcbf29ce484222325
            for offset in start..<start + length { hash = (hash ^ UInt64(bytes[offset])) &* 0x100000001b3 }
            return Int(truncatingIfNeeded: hash >> 1)
        }

        deinit {
            bytes.deallocate()
            bounds.deallocate()
            byLength.deallocate()
            includesSubdomains.deallocate()
            exactOrFitting.deallocate()
            slots.deallocate()
        }
    }

    /// `includingSubdomains`: one flag per key, true where the key also matches the hosts under it (none
    /// when omitted).
    package init(_ strings: [String], includingSubdomains: [Bool] = []) {
        precondition(includingSubdomains.isEmpty || includingSubdomains.count == strings.count, "one includingSubdomains flag per key")
        storage = Storage(strings, includingSubdomains: includingSubdomains)
    }

    package var count: Int { storage.bounds.count - 1 }

    /// The index of the first key equal to `href[range]`, or nil.
    func firstIndex(in href: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let length = range.count, keys = UnsafeBufferPointer(storage.bytes), bounds = storage.bounds
        if length < 64 {
            var candidates = storage.byLength[length]
            while candidates != 0 {
                let index = candidates.trailingZeroBitCount
                if bytesEqual(href, range.lowerBound, keys, bounds[index], length) { return index }
                candidates &= candidates - 1
            }
            guard !storage.allKeysIndexed else { return nil }
        }
        // Keys the sets do not hold: with at most 64 keys, a component of 64 bytes or more is compared with
        // each; past the 64th key, the first key with these bytes is found by the table.
        if storage.allKeysIndexed {
            for index in 0..<bounds.count - 1 {
                let start = bounds[index]
                if bounds[index + 1] - start == length && bytesEqual(href, range.lowerBound, keys, start, length) { return index }
            }
            return nil
        }
        let slots = storage.slots, mask = slots.count - 1
        var slot = Storage.hash(href, range.lowerBound, length) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1, start = bounds[index]
            if bounds[index + 1] - start == length && bytesEqual(href, range.lowerBound, keys, start, length) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The first index at or after `first`, in key order, whose key `href[range]` equals or, for a
    /// key that includes subdomains, ends with after a "." that has at least one byte before it (whole
    /// labels). Nothing is copied or retained per key. It takes a start rather than a predicate: a lookup
    /// that calls a closure makes the optimizer copy the URL (an atomic retain and release) around the
    /// href's bytes, in case the closure released it.
    func firstIndex(in href: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from first: Int) -> Int? {
        let length = range.count, bounds = storage.bounds, first = Swift.max(first, 0)
        if length < 64 && storage.allKeysIndexed {
            // Only the keys a component of this length can be (in key order: lowest bit first), from `first` on.
            var candidates = first < 64 ? storage.exactOrFitting[length] & (~0 << UInt64(first)) : 0
            while candidates != 0 {
                let index = candidates.trailingZeroBitCount
                if key(index, isIn: href, range) { return index }
                candidates &= candidates - 1
            }
            return nil
        }
        var index = first
        while index + 1 < bounds.count {
            if key(index, isIn: href, range) { return index }
            index += 1
        }
        return nil
    }

    /// Whether key `index` is `href[range]` or, for a key that includes subdomains, ends it after a "." with a byte before it.
    @inline(__always)
    private func key(_ index: Int, isIn href: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let keys = UnsafeBufferPointer(storage.bytes), start = storage.bounds[index], keyLength = storage.bounds[index + 1] - start
        if storage.includesSubdomains[index] {
            let offset = range.upperBound - keyLength
            return range.count > keyLength + 1 && href[offset - 1] == UInt8(ascii: ".") && bytesEqual(href, offset, keys, start, keyLength)
        }
        return keyLength == range.count && bytesEqual(href, range.lowerBound, keys, start, keyLength)
    }
}

extension BrowserURL {
    /// The index of the first of `keys` the component equals (byte for byte, as `component(_:equals:)`), or
    /// nil. Exact only: keys that include subdomains are compared whole here.
    package func firstIndex(of component: URLComponentName, in keys: ComponentKeys) -> Int? {
        let range = byteRange(component)
        return withHrefBytes { keys.firstIndex(in: $0, range) }
    }

    /// The index of the first of `keys`, at or after `first`, the component equals or, for a key made a
    /// key that includes subdomains, is under (ends with "." and the key, with a label before the dot:
    /// `a.example.com` and `a.b.example.com` for `example.com`, never `example.com` itself nor
    /// `evilexample.com`). Keys are tried in order; a caller that rejects a match asks again from the index
    /// after it.
    package func firstIndex(of component: URLComponentName, in keys: ComponentKeys, from first: Int) -> Int? {
        let range = byteRange(component)
        return withHrefBytes { keys.firstIndex(in: $0, range, from: first) }
    }
}
