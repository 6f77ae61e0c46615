// ParallelMap.swift: a map whose items are read on every core, with the results in the items' order.
// Written by hand (a few lines over Dispatch's concurrentPerform) because the inspector needs only this:
// the statement scanner on each inline script and each check on the page are pure, and a page may have
// thousands of scripts.
import Foundation

enum ParallelMap {
    /// `transform` of each item, in order. The items are cut into `chunks` contiguous runs (never more
    /// than there are items), which the cores take in turn; with one core or one chunk it is a plain map.
    static func map<T: Sendable, R: Sendable>(_ items: [T], chunks: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let chunks = min(chunks, items.count)
        guard chunks > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return items.map(transform) }
        let results = ChunkResults<R>()
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = items.count * chunk / chunks..<items.count * (chunk + 1) / chunks
            results.store(range.map { transform(items[$0]) }, chunk: chunk)
        }
        return results.inOrder(chunks: chunks)
    }
}

/// The chunks' results, each stored under a lock (once per chunk, not per item), joined in order.
private final class ChunkResults<R: Sendable>: @unchecked Sendable {
    private var chunks: [Int: [R]] = [:]
    private let lock = NSLock()

    func store(_ results: [R], chunk: Int) { lock.withLock { chunks[chunk] = results } }

    func inOrder(chunks count: Int) -> [R] { lock.withLock { (0..<count).flatMap { chunks[$0] ?? [] } } }
}
