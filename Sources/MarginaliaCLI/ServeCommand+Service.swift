import Foundation
import Marginalia
import MarginaliaServer

extension ServeCommand {
    /// `--store` (or `$MARGINALIA_STORE`) with `--store-password-file` (or
    /// `$MARGINALIA_STORE_PASSWORD_FILE`); nil when neither names a store (the data folder).
    static func storeLocation(_ arguments: inout Arguments, data: String?,
                              environment: [String: String]) throws -> StoreLocation? {
        let option = try arguments.option("--store")
        let passwordOption = try arguments.option("--store-password-file")
        if option != nil && data != nil { throw UsageError("give --data or --store, not both") }
        let configured = environment["MARGINALIA_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = option ?? (data == nil ? configured : nil) else {
            if passwordOption != nil { throw UsageError("--store-password-file needs a postgresql:// --store") }
            return nil
        }
        // The environment's password file applies to a database only; an explicit one must fit.
        let passwordFile = passwordOption ?? (PostgresConfiguration.isURL(text)
            ? environment["MARGINALIA_STORE_PASSWORD_FILE"].flatMap { $0.isEmpty ? nil : $0 } : nil)
        do {
            return try StoreLocation(text, passwordFile: passwordFile)
        } catch {
            throw UsageError("--store: \(error)")
        }
    }

    /// Opens the store and imports the FILE arguments (or the sample document into an empty
    /// store).
    /// The name a document given as `path` is imported under: its file name, or `document.pdf`
    /// for a pipe of a process substitution (`serve <(…)` gives `/dev/fd/63`: a number, no name).
    static func importedName(_ path: String) -> String {
        if path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/") { return "document.pdf" }
        return (path as NSString).lastPathComponent
    }

    static func openService(_ options: Options) throws -> DocumentService {
        let service: DocumentService
        do {
            let store = try options.store.open()
            service = DocumentService(store: store, limits: options.limits, textIndex: try options.store.openTextIndex(for: store),
                                      budget: MemoryBudget(options.memory), readingLimits: options.readingLimits,
                                      residency: options.residency)
        } catch {
            throw CommandFailure(description: "cannot open the store \(options.store): \(error)", code: ExitCode.badInput)
        }
        for path in options.files {
            let data = try readInput(path, limit: options.http.uploads?.maxSize ?? UploadSpooling.defaultMaxSize)
            do {
                let summary = try service.catalogue.importDocument(name: importedName(path), data: data)
                print("Imported \(path) as \(summary.id)")
            } catch {
                throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
            }
        }
        if options.files.isEmpty, let sample = try service.catalogue.importSampleIfEmpty() {
            print("Imported the sample document as \(sample.id)")
        }
        return service
    }
}
