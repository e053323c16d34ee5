import Foundation
import Marginalia
import MarginaliaServer

extension ServeCommand {
    /// Opens the store in the data directory and imports the FILE arguments (or the sample
    /// document into an empty store).
    static func openService(_ options: Options) throws -> DocumentService {
        let directory = URL(fileURLWithPath: options.dataDirectory)
        let service: DocumentService
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            service = try DocumentService(directory: directory, limits: options.limits)
        } catch {
            throw CommandFailure(description: "cannot open the store in \(options.dataDirectory): \(error)", code: ExitCode.badInput)
        }
        for path in options.files {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(description: "\(path): cannot read the file", code: ExitCode.badInput)
            }
            do {
                let summary = try service.importDocument(name: (path as NSString).lastPathComponent, data: data)
                print("Imported \(path) as \(summary.id)")
            } catch {
                throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
            }
        }
        if options.files.isEmpty, let sample = try service.importSampleIfEmpty() {
            print("Imported the sample document as \(sample.id)")
        }
        return service
    }
}
