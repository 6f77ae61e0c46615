// WorkPool.swift: the one pool bridge's parallel work runs on: how many cores the process may use (read
// once: Foundation reads the cgroup files each time it is asked) and how work reaches them (Dispatch's
// global concurrent queue, the system's own pool, rather than threads of our own). The inspector's maps
// and deferred frees and replay's batch decisions all go through it, so they agree on the cores and share
// the same threads.
import Dispatch
import Foundation

package enum WorkPool {
    /// The cores this process may use, at least one.
    package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `body` for each of `iterations`, on every core, returning when all are done.
    package static func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    }

    /// `work` on another core, in `group` when one is given; `background`: at a lower priority (freeing
    /// memory no one waits for).
    package static func submit(group: DispatchGroup? = nil, background: Bool = false, _ work: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue.global(qos: background ? .utility : .default)
        if let group { queue.async(group: group, execute: work) } else { queue.async(execute: work) }
    }
}
