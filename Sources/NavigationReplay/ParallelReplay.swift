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
import SecretMasking
import WorkPool

package struct ParallelReplay {
    /// Lines per batch. At most three batches are held: one filling, one being decided, one replayed.
    package var batchLines = 8192
    /// Lines per chunk a thread claims at a time.
    package var chunkLines = 256
    /// Background threads deciding each batch, beside the calling thread.
    package var workers: Int

    /// `workers`: one fewer than the cores (the calling thread is the last), at least one.
    package init(workers: Int = max(1, ParallelReplay.cores - 1)) { self.workers = max(1, workers) }

    /// The cores this process may use (WorkPool's).
    package static var cores: Int { WorkPool.cores }

    /// Replays `input` into `replayer`, handing each output to `emit` in log order.
    package func run(_ input: ByteInput, _ replayer: Replayer, _ emit: (Replayer.Output) -> Void) {
        // The wait hook below holds `emit` only while this call runs, and is taken off before it returns.
        withoutActuallyEscaping(emit) { emit in run(input, replayer, escaping: emit) }
    }

    private func run(_ input: ByteInput, _ replayer: Replayer, escaping emit: @escaping (Replayer.Output) -> Void) {
        var filling = LineBatch(lines: batchLines, bytes: 0)
        var inFlight: BatchJob? = nil
        let decider = BatchDecider(engine: replayer.engine, explain: replayer.explain, redactor: replayer.redactor)
        func replayFinished(_ job: BatchJob) {
            job.work(decider)  // the chunks nobody has claimed yet, here
            job.done.wait()
            for index in 0..<job.count { emit(job.replay(index, replayer)) }
        }
        func dispatch() {
            guard !filling.entries.isEmpty else { return }
            let job = BatchJob(filling, chunkLines: chunkLines)
            // The next batch is given the room this one took: its bytes are not copied again as they grow.
            filling = LineBatch(lines: batchLines, bytes: job.batch.bytes.count)
            for _ in 0..<workers { WorkPool.submit { job.work(decider) } }
            if let previous = inFlight { replayFinished(previous) }
            inFlight = job
        }
        // Before waiting for a writer that paused (a pipe), everything read so far is decided and handed on,
        // then the caller's own hook runs (it prints): a streamed log shows each navigation as it comes.
        let callerWillWait = input.willWait
        if let callerWillWait {
            input.willWait = {
                dispatch()
                if let job = inFlight {
                    replayFinished(job)
                    inFlight = nil
                }
                callerWillWait()
            }
        }
        defer { input.willWait = callerWillWait }
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

    /// An empty batch with room for `lines` entries and `bytes` bytes.
    init(lines: Int, bytes: Int) {
        entries.reserveCapacity(lines)
        self.bytes.reserveCapacity(bytes)
    }

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

    /// Writes the entry's item, and for a record its decision (else nil), into the slots given: each value is
    /// made where it stays (a pair returned, then stored, would be copied on the way).
    func fill(_ entry: LineBatch.Entry, _ bytes: UnsafeBufferPointer<UInt8>, item: UnsafeMutablePointer<LogItem>,
              decision: UnsafeMutablePointer<Decision?>) {
        let parsed: LogItem
        switch entry {
        case .rejected(let rejected): parsed = .rejected(rejected)
        case .line(let range, let number, let isFirst, let endOfFile):
            parsed = NavlogReader.item(UnsafeBufferPointer(rebasing: bytes[range]), line: number, isFirstLine: isFirst, endOfFile: endOfFile)
        }
        // Decided from the local item, before it moves into its slot (a record read back through the pointer is copied).
        if case .record(let record) = parsed {
            decision.initialize(to: engine.decide(record.request, explain: explain))
        } else {
            decision.initialize(to: nil)
        }
        item.initialize(to: parsed)
    }
}

/// One batch being decided. Threads claim chunks under a lock and write only their own chunk's slots of
/// `items` and `decisions`; `done` is signalled when the last chunk is written, after which the slots are only read.
private final class BatchJob: @unchecked Sendable {
    let batch: LineBatch
    let count: Int
    let chunkLines: Int
    let done = DispatchSemaphore(value: 0)
    private let items: UnsafeMutablePointer<LogItem>
    private let decisions: UnsafeMutablePointer<Decision?>
    private let lock = NSLock()
    private var nextChunk = 0
    private var chunksLeft: Int

    init(_ batch: LineBatch, chunkLines: Int) {
        self.batch = batch
        count = batch.entries.count
        self.chunkLines = chunkLines
        chunksLeft = (count + chunkLines - 1) / chunkLines
        items = .allocate(capacity: count)
        decisions = .allocate(capacity: count)
    }

    /// Slots replayed so far (`replay` moves them out in order; deinit frees the rest).
    private var taken = 0

    deinit {
        (items + taken).deinitialize(count: count - taken)
        (decisions + taken).deinitialize(count: count - taken)
        items.deallocate()
        decisions.deallocate()
    }

    /// The item at `index` replayed with its decision, both moved out of their slots, so neither is copied
    /// (the caller replays each once, in order, after `done`).
    func replay(_ index: Int, _ replayer: Replayer) -> Replayer.Output {
        precondition(index == taken, "slots are replayed once each, in order")
        taken += 1
        return replayer.replay((items + index).move(), decided: (decisions + index).move())
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
                for index in from..<to { decider.fill(batch.entries[index], bytes, item: items + index, decision: decisions + index) }
                lock.lock()
                chunksLeft -= 1
                let finished = chunksLeft == 0
                lock.unlock()
                if finished { done.signal() }
            }
        }
    }
}
