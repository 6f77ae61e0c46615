// BodyReadDeadlines.swift: the request bodies being read, each with its deadline, and one repeating timer on
// an event loop that cancels the reads past theirs (BodyMiddleware answers those 408). One timer for all the
// reads under way, rather than one per request: starting and cancelling a timer from the task that reads is
// a hand-off to the event loop's thread each time, and most bodies have arrived before the read starts. The
// timer runs while reads are registered and stops itself when none are.
import Foundation
import NIOCore

final class BodyReadDeadlines: @unchecked Sendable {
    typealias Reader = Task<Result<[UInt8], BodyMiddleware.Refusal>, Never>

    /// How often the deadlines are checked: a read is cancelled at most this long after its deadline.
    static let checkInterval = TimeAmount.milliseconds(100)

    private let lock = NSLock()
    private var reads: [Int: (deadline: NIODeadline, reader: Reader)] = [:]
    private var lastID = 0
    private var check: RepeatedTask?

    /// Registers a read that must end by `deadline`; its number, to `finish` it with.
    func register(_ reader: Reader, deadline: NIODeadline, on eventLoop: any EventLoop) -> Int {
        lock.lock(); defer { lock.unlock() }
        lastID += 1
        reads[lastID] = (deadline, reader)
        if check == nil {
            check = eventLoop.scheduleRepeatedTask(initialDelay: Self.checkInterval, delay: Self.checkInterval) { [weak self] task in
                guard let self else { task.cancel(); return }
                self.cancelOverdue(stopping: task)
            }
        }
        return lastID
    }

    /// The read ended (its body read, refused or cancelled).
    func finish(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        reads[id] = nil
    }

    /// Cancels the reads past their deadline; stops the timer when no read is left.
    private func cancelOverdue(stopping task: RepeatedTask) {
        let now = NIODeadline.now()
        var overdue: [Reader] = []
        lock.lock()
        for (id, read) in reads where read.deadline <= now {
            overdue.append(read.reader)
            reads[id] = nil
        }
        if reads.isEmpty {
            task.cancel()
            check = nil
        }
        lock.unlock()
        for reader in overdue { reader.cancel() }
    }
}
