import Foundation

/// The threads request handlers run on: a task executor the server owns.
///
/// Handlers run as tasks that prefer this executor, so a handler that blocks (a synchronous
/// SQLite call, a large PDF write) holds one of these threads, never one of Swift's few
/// cooperative threads, and whatever else the process runs on that pool cannot starve the
/// server either.
final class HandlerThreads: TaskExecutor, Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var next = 0
        var stopped = false

        /// The next job; nil when there is none now.
        mutating func take() -> UnownedJob? {
            guard next < jobs.count else { return nil }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            return job
        }
    }

    private let queue = Waitable(Queue())

    /// Starts `count` threads, named `name-0`, `name-1`, ... (``Foundation/Thread/named(_:_:)``:
    /// at most 15 bytes).
    init(count: Int, name: String = "mg-http") {
        for index in 0..<max(1, count) {
            let thread = Thread.named("\(name)-\(index)") { [self] in loop() }
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        queue.signal()
    }

    /// Lets the threads finish the queued jobs, then end.
    func shutdown() {
        queue.withLock { $0.stopped = true }
        queue.broadcast()
    }

    /// What a thread does next.
    private enum Step {
        case run(UnownedJob)
        case end
    }

    private func loop() {
        while true {
            // A thread ends once the queue is empty after `shutdown()`.
            let step = queue.wait { queue -> Step? in
                if let job = queue.take() { return .run(job) }
                return queue.stopped ? .end : nil
            }
            guard case .run(let job)? = step else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
