import Foundation
import PDFCore

extension PDFDocument {
    /// The document information from the Info dictionary (14.3.3).
    public var metadata: DocumentMetadata {
        get throws {
            guard let info = try file.dictionary(file.trailer["Info"]) else { return DocumentMetadata() }
            func text(_ key: String) throws -> String? {
                guard let bytes = try file.resolve(info[key] ?? .null).stringBytes else { return nil }
                return PDFTextString.decode(bytes)
            }
            return DocumentMetadata(
                title: try text("Title"), author: try text("Author"), subject: try text("Subject"),
                keywords: try text("Keywords"), creator: try text("Creator"), producer: try text("Producer"),
                creationDate: try text("CreationDate").flatMap(PDFDate.parse),
                modificationDate: try text("ModDate").flatMap(PDFDate.parse))
        }
    }

    /// Replaces the document information: the Info dictionary, and the XMP packet when the
    /// document has one (so the two never disagree). Keys of Info that
    /// ``DocumentMetadata`` does not model (custom keys, `/Trapped`) are kept.
    public func setMetadata(_ metadata: DocumentMetadata) throws {
        let infoObject = file.trailer["Info"]
        var info = try file.dictionary(infoObject) ?? PDFDictionary()
        for (key, value) in metadata.textEntries {
            info[key] = value.map { PDFObject.text($0) } ?? .null
        }
        info["CreationDate"] = metadata.creationDate.map { .string(Array(PDFDate.format($0).utf8)) } ?? .null
        info["ModDate"] = metadata.modificationDate.map { .string(Array(PDFDate.format($0).utf8)) } ?? .null
        if let reference = infoObject?.referenceValue {
            file.update(reference, with: .dictionary(info))
        } else {
            file.setTrailer("Info", .reference(file.add(.dictionary(info))))
        }
        try updateXMP(metadata)
    }

    /// Rewrites the catalog's `/Metadata` stream, if there is one, to match `metadata`.
    private func updateXMP(_ metadata: DocumentMetadata) throws {
        guard let reference = try file.catalog()["Metadata"]?.referenceValue,
              case .stream(let stream) = try file.object(for: reference),
              let bytes = try? file.decodedData(of: .reference(reference))
        else { return }
        var packet = XMPPacket(text: String(decoding: bytes, as: UTF8.self))
        packet.update(with: metadata)
        var dictionary = stream.dictionary
        // XMP stays uncompressed so that tools that do not parse PDF can still find it.
        dictionary["Filter"] = nil
        dictionary["DecodeParms"] = nil
        file.update(reference, with: .stream(PDFStream(dictionary: dictionary, rawBytes: Array(packet.text.utf8))))
    }
}
