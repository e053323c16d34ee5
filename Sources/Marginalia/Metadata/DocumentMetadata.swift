import Foundation

/// The document information of ISO 32000-2, 14.3.3 (Info dictionary), mirrored in the XMP
/// packet when the document has one.
public struct DocumentMetadata: Sendable, Hashable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    public var creationDate: Date?
    public var modificationDate: Date?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                creator: String? = nil, producer: String? = nil, creationDate: Date? = nil, modificationDate: Date? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.creationDate = creationDate
        self.modificationDate = modificationDate
    }

    /// The Info dictionary keys of the text entries and their values.
    var textEntries: [(key: String, value: String?)] {
        [("Title", title), ("Author", author), ("Subject", subject), ("Keywords", keywords),
         ("Creator", creator), ("Producer", producer)]
    }
}
