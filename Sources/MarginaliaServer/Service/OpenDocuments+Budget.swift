import Foundation
import Marginalia

// Heavy work under the memory budget: admitted with a first reservation, charged as it
// decodes and draws, refused by what the meter refused (docs/server-robustness.md, "Memory").

extension OpenDocuments {
    /// What heavy work reserves when admitted, before it is charged anything.
    static let admissionEstimate = 16 << 20

    /// Runs heavy work named `what` under the memory budget: admitted with `estimate` bytes
    /// (waiting up to `wait` seconds, default the budget's), given a meter to charge, and
    /// ended by the meter's refusal when it refused anything, whatever the work made of it.
    ///
    /// - Throws: ``ServiceError/busy(_:retryAfter:)`` when the budget is spent,
    ///   ``ServiceError/tooLarge(_:)`` past the per-request cap, or what `body` throws.
    func budgeted<T>(_ what: String, estimate: Int = admissionEstimate, wait: Double? = nil,
                     _ body: (RequestMeter) throws -> T) throws -> T {
        let meter = try budget.admit(what, estimate: estimate, wait: wait)
        defer { meter.release() }
        do {
            let result = try body(meter)
            try meter.check()
            return result
        } catch {
            try meter.check()
            throw error
        }
    }

    /// Opens `data` with the server's reading limits, charging `meter` with the copy the
    /// document keeps and with everything reading it decodes.
    ///
    /// - Throws: ``ServiceError/tooLarge(_:)`` naming the limit reached, the meter's refusal,
    ///   ``ServiceError/unprocessable(_:)`` for bytes that are not a readable PDF.
    func open(_ data: Data, password: String? = nil, meter: RequestMeter?) throws -> PDFDocument {
        try meter?.charge(data.count, for: "a copy of the \(data.count)-byte file")
        return try PDFDocument(data: data, password: password, limits: readingLimits, meter: meter)
    }

    /// Opens the file at `url` (its first `length` bytes, or all of it) by mapping it: its bytes
    /// stay in the page cache, charged to no meter. With the server's reading limits, charging
    /// `meter` with what reading decodes.
    ///
    /// - Throws: as ``open(_:password:meter:)``, and ``PDFError/io(path:message:)`` when the
    ///   file cannot be mapped or is shorter than `length`.
    func open(mapping url: URL, length: Int? = nil, password: String? = nil, meter: RequestMeter?) throws -> PDFDocument {
        try PDFDocument(source: try ByteSource(path: url.path, length: length), password: password, limits: readingLimits,
                        meter: meter)
    }
}

extension OpenDocuments {
    /// ``DocumentImporter/prepare(_:password:open:)`` under the memory budget, with the
    /// reading limits.
    /// `file`: the file `data` is mapped from (an upload written to disk), opened by mapping
    /// it instead of copying the bytes (so neither the estimate nor the meter counts them).
    func prepareUpload(_ data: Data, file: URL? = nil,
                       password: String?) throws -> (pdf: Data, kind: DocumentKind, pageCount: Int) {
        let copied = file == nil ? data.count : 0
        return try budgeted("checking the \(data.count)-byte upload", estimate: copied + Self.admissionEstimate) { meter in
            try DocumentImporter.prepare(data, password: password) { bytes, password in
                guard let file else { return try open(bytes, password: password, meter: meter) }
                return try open(mapping: file, password: password, meter: meter)
            }
        }
    }
}
