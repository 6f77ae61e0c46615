// ParallelMap.swift: maps whose items are read on every core (WorkPool's), with the results in the items'
// order. Written by hand (a few lines over the pool) because the inspector needs only this: the statement
// scanner on each inline script and each check on the page are pure, and a page may have thousands of
// scripts. `ParallelMap` maps items it is given all at once; `BackgroundMap` takes its items one at a
// time while the caller goes on with other work (libxml2 reading the rest of the page).
import Foundation
import WorkPool

enum ParallelMap {
    /// The cores this process may use.
    static var cores: Int { WorkPool.cores }

    /// A page smaller than this is inspected on the calling core alone: handing work to another core (a
    /// thread woken, a result handed back) costs more than the work on a page this small.
    static let minimumPageBytes = 64 * 1024

    /// Whether a page of `bytes` is worth spreading over the cores.
    static func isWorthSpreading(pageBytes bytes: Int) -> Bool { cores > 1 && bytes >= minimumPageBytes }

    /// `transform` of each item, in order. The items are cut into `chunks` contiguous runs (never more
    /// than there are items), which the cores take in turn; with one core or one chunk it is a plain map.
    static func map<T: Sendable, R: Sendable>(_ items: [T], chunks: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let chunks = min(chunks, items.count)
        guard chunks > 1, cores > 1 else { return items.map(transform) }
        let results = ChunkResults<R>()
        WorkPool.perform(iterations: chunks) { chunk in
            let range = items.count * chunk / chunks..<items.count * (chunk + 1) / chunks
            results.store(range.map { transform(items[$0]) }, chunk: chunk)
        }
        return results.inOrder(chunks: chunks)
    }
}

/// A map fed one item at a time: every `batchSize` items are queued as one batch, and a task on another
/// core takes the first batch waiting; `finish` takes the batches still waiting itself (so a busy second
/// core never leaves the caller idle), waits for those under way, and returns the results in the order the
/// items were added. With one core the items are transformed as they are added.
final class BackgroundMap<T: Sendable, R: Sendable> {
    private let transform: @Sendable (T) -> R
    private let batchSize: Int
    private var pending: [T] = []
    private var batches = 0
    private let waiting = WaitingBatches<T>()
    private let results = ChunkResults<R>()
    private let group = DispatchGroup()
    private let spreads: Bool

    /// With `spreading` false (a small page), every item is transformed by `finish`, on the caller's core.
    init(batchSize: Int = 16, spreading: Bool = true, _ transform: @escaping @Sendable (T) -> R) {
        self.batchSize = batchSize
        self.transform = transform
        spreads = spreading && ParallelMap.cores > 1
    }

    func add(_ item: T) {
        pending.append(item)
        if spreads && pending.count >= batchSize { submit() }
    }

    /// The results of every item added, in order: the batches no other core has taken yet are transformed
    /// here (all of them, when not spreading).
    func finish() -> [R] {
        if spreads {
            submit()
        } else if !pending.isEmpty {
            results.store(pending.map(transform), chunk: batches)
            batches += 1
            pending = []
        }
        while let (batch, items) = waiting.take() { results.store(items.map(transform), chunk: batch) }
        group.wait()
        return results.inOrder(chunks: batches)
    }

    private func submit() {
        guard !pending.isEmpty else { return }
        let items = pending
        pending = []
        batches += 1
        waiting.put(items, batch: batches - 1)
        let waiting = waiting, transform = transform, results = results
        WorkPool.submit(group: group) {
            if let (batch, items) = waiting.take() { results.store(items.map(transform), chunk: batch) }
        }
    }
}

/// Batches not yet taken, first in first out, under a lock.
private final class WaitingBatches<T: Sendable>: @unchecked Sendable {
    private var batches: [(batch: Int, items: [T])] = []
    private var next = 0
    private let lock = NSLock()

    func put(_ items: [T], batch: Int) { lock.withLock { batches.append((batch, items)) } }

    func take() -> (batch: Int, items: [T])? {
        lock.withLock {
            guard next < batches.count else { return nil }
            defer { batches[next].items = []; next += 1 }
            return batches[next]
        }
    }
}

/// The chunks' results, each stored under a lock (once per chunk, not per item), joined in order.
private final class ChunkResults<R: Sendable>: @unchecked Sendable {
    private var chunks: [Int: [R]] = [:]
    private let lock = NSLock()

    func store(_ results: [R], chunk: Int) { lock.withLock { chunks[chunk] = results } }

    func inOrder(chunks count: Int) -> [R] { lock.withLock { (0..<count).flatMap { chunks[$0] ?? [] } } }
}
