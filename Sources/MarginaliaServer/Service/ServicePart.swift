import Foundation
import Marginalia

/// One part of ``DocumentService`` (catalogue, editing, saving, search, presence, exports):
/// it reaches the documents in memory, the store and the memory budget through the service's
/// ``OpenDocuments``, and keeps only the state of its own concern.
protocol ServicePart: Sendable {
    /// The documents in memory, shared by every part of one service.
    var documents: OpenDocuments { get }
}

extension ServicePart {
    /// The store underneath.
    var store: any DocumentStore { documents.store }
    /// The limits every document is read with.
    var readingLimits: PDFLimits { documents.readingLimits }

    /// ``OpenDocuments/withDocument(_:waitingForStore:meter:_:)``.
    func withDocument<T: Sendable>(_ id: String, waitingForStore: Bool = false, meter: RequestMeter? = nil,
                         _ body: (inout sending OpenDocument.State) throws -> sending T) throws -> T {
        try documents.withDocument(id, waitingForStore: waitingForStore, meter: meter, body)
    }

    /// ``OpenDocuments/budgeted(_:estimate:wait:_:)``.
    func budgeted<T>(_ what: String, estimate: Int = OpenDocuments.admissionEstimate, wait: Double? = nil,
                     _ body: (RequestMeter) throws -> T) throws -> T {
        try documents.budgeted(what, estimate: estimate, wait: wait, body)
    }

    /// ``OpenDocuments/guarded(_:)``: every error as a ``ServiceError``.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        try documents.guarded(body)
    }

    /// ``OpenDocuments/open(_:password:meter:)``.
    func open(_ data: Data, password: String? = nil, meter: RequestMeter?) throws -> PDFDocument {
        try documents.open(data, password: password, meter: meter)
    }

    /// ``OpenDocuments/open(mapping:length:password:meter:)``.
    func open(mapping url: URL, length: Int? = nil, password: String? = nil, meter: RequestMeter?) throws -> PDFDocument {
        try documents.open(mapping: url, length: length, password: password, meter: meter)
    }

    /// Tells document `id`'s subscribers.
    func notify(_ id: String, _ event: DocumentEvent) {
        documents.notify(id, event)
    }

    /// Tells the text index that document `id` changed.
    func textChanged(_ id: String) {
        documents.textChanged(id)
    }
}
