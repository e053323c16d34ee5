import Foundation
import Synchronization

/// Applies a service's retention settings every so often (`marginalia serve
/// --retention-every SECONDS`), recording what it forgot in the audit log as the actor
/// `retention`. The first run comes one interval after ``start()``.
public final class RetentionSchedule: Sendable {
    private let service: DocumentService
    private let audit: AuditLog
    private let interval: TimeInterval
    /// The running timer, nil before ``start()`` and after ``stop()``.
    private let timer = Mutex<DispatchSourceTimer?>(nil)

    public init(service: DocumentService, every interval: TimeInterval) {
        self.service = service
        self.audit = AuditLog(store: service.store as? any AuditStore)
        self.interval = interval
    }

    /// The name the audit log gives these runs.
    public static let actor = Caller(name: "retention", role: .admin)

    /// Starts the runs; a second call while they run changes nothing.
    public func start() {
        timer.withLock { running in
            guard running == nil else { return }
            let made = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "marginalia.retention", qos: .utility))
            made.schedule(deadline: .now() + interval, repeating: interval)
            made.setEventHandler { [weak self] in self?.runOnce() }
            made.resume()
            running = made
        }
    }

    /// One run now; failures go to standard error (the server's log) and the next run tries again.
    public func runOnce() {
        do {
            let report = try service.saving.applyRetention()
            audit.record(report, by: Self.actor)
            for (id, reason) in report.failed.sorted(by: { $0.key < $1.key }) {
                FileHandle.standardError.write(Data("marginalia: retention skipped document \(id): \(reason)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("marginalia: retention failed: \(error)\n".utf8))
        }
    }

    public func stop() {
        timer.withLock { running in
            running?.cancel()
            running = nil
        }
    }
}
