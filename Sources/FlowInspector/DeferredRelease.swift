// DeferredRelease.swift: the last reference to a large value handed to another core, so that freeing it
// does not hold up the result: a large page's model is hundreds of thousands of strings and arrays, and
// freeing them would delay an answer that is already ready. At most `limit` values wait
// to be freed at a time (a directory of large pages inspected back to back keeps its memory flat: the next
// hand-over waits for a free slot). The benchmark drains these between timed rounds, so the freeing is
// never timed against the bare parse beside it.
import Dispatch
import WorkPool

enum DeferredRelease {
    /// Values waiting to be freed at most: an inspection hands over two (its parsed elements, its page).
    static let limit = 4
    private static let group = DispatchGroup()
    private static let slots = DispatchSemaphore(value: limit)

    /// Frees `value`, the model of a page of `pageBytes`, on another core; at once, here, with one core or
    /// for a page too small to be worth the hand-over.
    static func release<T: Sendable>(_ value: consuming T, pageBytes: Int) {
        guard ParallelMap.isWorthSpreading(pageBytes: pageBytes) else { return }
        let box = Box(value)
        slots.wait()
        WorkPool.submit(group: group, background: true) {
            box.empty()
            slots.signal()
        }
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
