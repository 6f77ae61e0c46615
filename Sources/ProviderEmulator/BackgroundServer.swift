// BackgroundServer.swift: the emulator started from code that is not async (a command's synchronous run,
// a web view's main loop): the same server as `bridge serve`, on a task of its own for as long as the
// process runs, its base URL handed back once it listens. The hand-over is a condition variable because
// the caller's thread must block until the task reports, and a task cannot be awaited there.
import Foundation

extension EmulatorServer {
    /// Starts the server in the background and returns its base URL once it listens; throws what kept it
    /// from starting (the address in use, say).
    package func startInBackground() throws -> String {
        let started = StartedServer()
        let server = self
        Task.detached {
            do {
                try await server.run(stopsOnSignals: false, onRunning: { base in started.ready(.success(base)) }, log: { _, _, _, _ in })
            } catch {
                started.ready(.failure(error))
            }
        }
        return try started.wait().get()
    }
}

/// The background server's base URL, handed from its task to the waiting thread once it listens.
private final class StartedServer: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<String, any Error>?

    func ready(_ value: Result<String, any Error>) {
        condition.lock()
        if result == nil { result = value }
        condition.signal()
        condition.unlock()
    }

    func wait() -> Result<String, any Error> {
        condition.lock(); defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result ?? .failure(CancellationError())
    }
}
