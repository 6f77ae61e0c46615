// DeferredRelease.swift: the last reference to a large value handed to another core, so that freeing it
// does not hold up the result: a 5 MB page's model is hundreds of thousands of strings and arrays, and
// freeing them cost the inspector 60 M instructions after its answer was ready. The benchmark drains
// these between timed rounds, so the freeing is never timed against the bare parse beside it.
import Dispatch

enum DeferredRelease {
    private static let group = DispatchGroup()

    /// Frees `value` on another core (at once, here, with one core).
    static func release<T: Sendable>(_ value: consuming T) {
        guard ParallelMap.cores > 1 else { return }
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async(group: group) { box.empty() }
    }

    /// Waits until every value handed over has been freed.
    static func drain() { group.wait() }

    /// Holds the value alone (it is moved in), so that emptying the box frees it on the thread that empties it.
    private final class Box<T: Sendable>: @unchecked Sendable {
        private var value: T?
        init(_ value: consuming T) { self.value = value }
        func empty() { value = nil }
    }
}
