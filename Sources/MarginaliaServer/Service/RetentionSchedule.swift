import Foundation

/// Applies a service's retention settings every so often (`marginalia serve
/// --retention-every SECONDS`), recording what it forgot in the audit log as the actor
/// `retention`. The first run comes one interval after ``start()``.
public final class RetentionSchedule: @unchecked Sendable {
    private let service: DocumentService
    private let audit: AuditLog
    private let interval: TimeInterval
    private var timer: DispatchSourceTimer?

    public init(service: DocumentService, every interval: TimeInterval) {
        self.service = service
        self.audit = AuditLog(store: service.store as? any AuditStore)
        self.interval = interval
    }

    /// The name the audit log gives these runs.
    public static let actor = Caller(name: "retention", role: .admin)

    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "marginalia.retention", qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.runOnce() }
        timer.resume()
        self.timer = timer
    }

    /// One run now; failures go to standard error (the server's log) and the next run tries again.
    public func runOnce() {
        do {
            let report = try service.applyRetention()
            audit.record(report, by: Self.actor)
            for (id, reason) in report.failed.sorted(by: { $0.key < $1.key }) {
                FileHandle.standardError.write(Data("marginalia: retention skipped document \(id): \(reason)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("marginalia: retention failed: \(error)\n".utf8))
        }
    }

    public func stop() {
        timer?.cancel()
        timer = nil
    }
}
