import Foundation

/// The threads request handlers run on: a task executor the server owns.
///
/// Handlers run as tasks that prefer this executor, so a handler that blocks (a synchronous
/// SQLite call, a large PDF write) holds one of these threads, never one of Swift's few
/// cooperative threads, and whatever else the process runs on that pool cannot starve the
/// server either.
final class HandlerThreads: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0
    private var stopped = false
    private var running = 0

    /// Starts `count` threads.
    init(count: Int, name: String = "marginalia-http") {
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in loop() }
            thread.name = "\(name)-\(index)"
            running += 1
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the threads finish the queued jobs, then end.
    func shutdown() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private func loop() {
        while true {
            let job: UnownedJob? = condition.withLock {
                while next == jobs.count && !stopped { condition.wait() }
                guard next < jobs.count else { return nil }
                let job = jobs[next]
                next += 1
                if next == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    next = 0
                }
                return job
            }
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
