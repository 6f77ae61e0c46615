// BlockingWork.swift: a suite trait that runs its tests on threads of their own, not on Swift
// concurrency's cooperative pool. These tests block: they run `bridge` as a user would and wait for it
// (Process, pipes), and that pool has one thread per core. A blocked pool thread starves every other
// suite's async work, such as an in-process server's body-reading task with a deadline, and on 2 cores it
// also holds back this module's own later tests. The trait sets a task executor preference
// (SE-0417) around each test: the test's synchronous code and its child tasks run on a Dispatch queue,
// whose threads may block. Written here because Swift Testing has no such trait of its own.
import Dispatch
import Foundation
import Testing

/// Runs jobs on a concurrent Dispatch queue. Its threads may block without holding up the cooperative pool;
/// when every thread Dispatch has given the queue is blocked, a job waits for one (Dispatch does not add a
/// thread for each blocked one), so these suites still take turns among themselves.
final class BlockingWorkExecutor: TaskExecutor {
    static let shared = BlockingWorkExecutor()
    private let queue = DispatchQueue(label: "bridge.tests.blocking-work", attributes: .concurrent)
    /// Set on the queue: what a job running there reads (`isCurrent`).
    private static let key = DispatchSpecificKey<Bool>()

    private init() { queue.setSpecific(key: Self.key, value: true) }

    /// Whether the caller runs on this executor's queue.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// `.blockingWork`: the suite's tests run on `BlockingWorkExecutor`; with `atOnce`, at most that many of
/// the suite's test cases at a time (instead of `.serialized`'s one: a suite of independent runs of a web
/// view, each waiting on its processes, finishes sooner two at a time without loading the machine more).
struct BlockingWork: SuiteTrait, TestTrait, TestScoping {
    /// The suite's slots, when it limits how many of its test cases run at once.
    let slots: DispatchSemaphore?
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(BlockingWorkExecutor.shared) {
            guard let slots, testCase != nil else { return try await function() }
            // A thread of the blocking-work queue waits for a slot: blocking is what its threads are for.
            slots.wait()
            defer { slots.signal() }
            try await function()
        }
    }
}

extension Trait where Self == BlockingWork {
    /// Tests that block a thread (a process waited for) run on threads of their own.
    static var blockingWork: Self { BlockingWork(slots: nil) }
    /// The same, at most `count` of the suite's test cases at a time.
    static func blockingWork(atOnce count: Int) -> Self { BlockingWork(slots: DispatchSemaphore(value: count)) }
    /// The same, the suite's test cases taking turns for `slots` with every suite that shares them.
    static func blockingWork(sharing slots: DispatchSemaphore) -> Self { BlockingWork(slots: slots) }
}

extension BlockingWork {
    /// Browsers at once (a host's WebKitGTK or Chromium, or a Chromium a test drives itself), across every
    /// suite that starts one: two, so that a loaded machine does not run past their timeouts (a browser
    /// started among several others is slow to answer its first command).
    static let webViewSlots = DispatchSemaphore(value: 2)
}

@Suite("the blocking-work trait")
struct BlockingWorkTests {
    @Test("a test of a suite with .blockingWork runs on the blocking-work queue", .blockingWork)
    func runsOnItsQueue() {
        #expect(BlockingWorkExecutor.isCurrent)
    }

    @Test("a test without it does not")
    func othersDoNot() {
        #expect(!BlockingWorkExecutor.isCurrent)
    }

    /// How many cases of `AtOnce` ran at the same time, at most.
    final class Overlap: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var most = 0
        func enter() { lock.lock(); running += 1; most = max(most, running); lock.unlock() }
        func leave() { lock.lock(); running -= 1; lock.unlock() }
        var peak: Int { lock.lock(); defer { lock.unlock() }; return most }
    }
    static let overlap = Overlap()

    @Suite("at most two at once", .blockingWork(atOnce: 2))
    struct AtOnce {
        @Test("each case holds its slot while it blocks", arguments: 0..<6)
        func holds(_ index: Int) {
            BlockingWorkTests.overlap.enter()
            defer { BlockingWorkTests.overlap.leave() }
            usleep(20_000)
            #expect(BlockingWorkTests.overlap.peak <= 2)
        }
    }
}
