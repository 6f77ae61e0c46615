// ParallelReplay.swift: a navlog replayed with its parsing and decisions on every core (WorkPool's). Lines are read in
// order into batches (their bytes in one buffer, so memory stays flat whatever the log's size). A batch's
// lines are parsed and their records decided in chunks of 256 — both are pure functions of the line — by
// background threads, while the calling thread replays the batch before it in order: flow tracking, event
// dispatch and the summary happen there exactly as in a one-at-a-time replay. When the calling thread
// reaches a batch that is not finished, it takes the remaining chunks itself instead of waiting, so
// neither core idles. The output is the same, item for item (tested against NavlogReader +
// Replayer.replay on every fixture, with batches small enough to split them).
import Dispatch
import Foundation
import NavigationPolicy
import WorkPool

public struct ParallelReplay {
    /// Lines per batch. At most three batches are held: one filling, one being decided, one replayed.
    public var batchLines = 8192
    /// Lines per chunk a thread claims at a time.
    public var chunkLines = 256
    /// Background threads deciding each batch, beside the calling thread.
    public var workers: Int

    /// `workers`: one fewer than the cores (the calling thread is the last), at least one.
    public init(workers: Int = max(1, ParallelReplay.cores - 1)) { self.workers = max(1, workers) }

    /// The cores this process may use (WorkPool's).
    public static var cores: Int { WorkPool.cores }

    /// Replays `input` into `replayer`, handing each output to `emit` in log order.
    public func run(_ input: ByteInput, _ replayer: Replayer, _ emit: (Replayer.Output) -> Void) {
        var filling = LineBatch()
        var inFlight: BatchJob? = nil
        let decider = BatchDecider(engine: replayer.engine, explain: replayer.explain, redactor: replayer.redactor)
        func replayFinished(_ job: BatchJob) {
            job.work(decider)  // the chunks nobody has claimed yet, here
            job.done.wait()
            for index in 0..<job.count {
                let (item, decision) = job.take(index)
                emit(replayer.replay(item, decided: decision))
            }
        }
        func dispatch() {
            guard !filling.entries.isEmpty else { return }
            let job = BatchJob(filling, chunkLines: chunkLines)
            filling = LineBatch()
            for _ in 0..<workers { WorkPool.submit { job.work(decider) } }
            if let previous = inFlight { replayFinished(previous) }
            inFlight = job
        }
        NavlogReader().scanLines(input, line: { text, number, isFirst, endOfFile in
            filling.append(text, number: number, isFirst: isFirst, endOfFile: endOfFile)
            if filling.entries.count >= batchLines { dispatch() }
        }, rejected: { rejected in
            filling.entries.append(.rejected(rejected))
            if filling.entries.count >= batchLines { dispatch() }
        })
        dispatch()
        if let last = inFlight { replayFinished(last) }
    }
}

/// Lines read but not yet parsed, their bytes in one buffer.
struct LineBatch: Sendable {
    enum Entry: Sendable {
        case line(Range<Int>, number: Int, isFirst: Bool, endOfFile: Bool)
        case rejected(RejectedRecord)
    }

    var bytes: [UInt8] = []
    var entries: [Entry] = []

    mutating func append(_ text: UnsafeBufferPointer<UInt8>, number: Int, isFirst: Bool, endOfFile: Bool) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        entries.append(.line(start..<bytes.count, number: number, isFirst: isFirst, endOfFile: endOfFile))
    }
}

/// What turns a line into its item and decision: the engine with the replayer's explain and redactor.
struct BatchDecider: Sendable {
    let engine: PolicyEngine
    let explain: Bool
    let redactor: Redactor

    func item(_ entry: LineBatch.Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> (LogItem, Decision?) {
        let item: LogItem
        switch entry {
        case .rejected(let rejected): item = .rejected(rejected)
        case .line(let range, let number, let isFirst, let endOfFile):
            item = NavlogReader.item(UnsafeBufferPointer(rebasing: bytes[range]), line: number, isFirstLine: isFirst, endOfFile: endOfFile)
        }
        guard case .record(let record) = item else { return (item, nil) }
        return (item, engine.decide(record.request, explain: explain))
    }
}

/// One batch being decided. Threads claim chunks under a lock and write only their own chunk's slots of
/// `results`; `done` is signalled when the last chunk is written, after which the slots are only read.
private final class BatchJob: @unchecked Sendable {
    let batch: LineBatch
    let count: Int
    let chunkLines: Int
    let done = DispatchSemaphore(value: 0)
    private let results: UnsafeMutablePointer<(LogItem, Decision?)>
    private let lock = NSLock()
    private var nextChunk = 0
    private var chunksLeft: Int

    init(_ batch: LineBatch, chunkLines: Int) {
        self.batch = batch
        count = batch.entries.count
        self.chunkLines = chunkLines
        chunksLeft = (count + chunkLines - 1) / chunkLines
        results = .allocate(capacity: count)
    }

    /// Results taken so far (`take` moves them out in order; deinit frees the rest).
    private var taken = 0

    deinit {
        (results + taken).deinitialize(count: count - taken)
        results.deallocate()
    }

    /// The item and decision at `index`, moved out (the caller takes each once, in order, after `done`), so
    /// neither is copied.
    func take(_ index: Int) -> (LogItem, Decision?) {
        precondition(index == taken, "results are taken once each, in order")
        taken += 1
        return (results + index).move()
    }

    /// Decides chunks until none is left to claim.
    func work(_ decider: BatchDecider) {
        batch.bytes.withUnsafeBufferPointer { bytes in
            while true {
                lock.lock()
                let chunk = nextChunk
                nextChunk += 1
                lock.unlock()
                let from = chunk * chunkLines
                guard from < count else { return }
                let to = min(count, from + chunkLines)
                for index in from..<to { (results + index).initialize(to: decider.item(batch.entries[index], bytes)) }
                lock.lock()
                chunksLeft -= 1
                let finished = chunksLeft == 0
                lock.unlock()
                if finished { done.signal() }
            }
        }
    }
}
