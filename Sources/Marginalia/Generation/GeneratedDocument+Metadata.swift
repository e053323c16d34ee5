import Foundation
import PDFCore

extension GeneratedDocument {
    /// The producer written when the metadata names none.
    static let producer = "Marginalia"

    /// Writes the document information twice, as ISO 32000-2, 14.3 asks of a new document:
    /// the trailer's Info dictionary and an XMP packet in the catalog's `/Metadata` stream,
    /// with the same values (dc:title, dc:creator, dc:description, pdf:Keywords,
    /// xmp:CreatorTool, pdf:Producer, xmp:CreateDate, xmp:ModifyDate).
    ///
    /// Dates left unset are now; the producer left unset is "Marginalia".
    func storeMetadata(_ given: DocumentMetadata) throws {
        var metadata = given
        let now = Date()
        metadata.producer = metadata.producer ?? GeneratedDocument.producer
        metadata.creationDate = metadata.creationDate ?? now
        metadata.modificationDate = metadata.modificationDate ?? metadata.creationDate

        var info = PDFDictionary()
        for (key, value) in metadata.textEntries {
            if let value { info[key] = .text(value) }
        }
        if let date = metadata.creationDate { info["CreationDate"] = .string(Array(PDFDate.format(date).utf8)) }
        if let date = metadata.modificationDate { info["ModDate"] = .string(Array(PDFDate.format(date).utf8)) }
        file.setTrailer("Info", .reference(file.add(.dictionary(info))))

        var packet = XMPPacket(text: GeneratedDocument.emptyXMPPacket)
        packet.update(with: metadata)
        // XMP stays uncompressed so that tools that do not read PDF can still find it (14.3.2).
        let stream = PDFStream(
            dictionary: PDFDictionary([("Type", .name("Metadata")), ("Subtype", .name("XML"))]),
            rawBytes: Array(packet.text.utf8))
        let metadataReference = file.add(.stream(stream))
        guard let catalogReference = file.trailer["Root"]?.referenceValue else {
            throw PDFError.invalidObject(nil, message: "the new document has no catalog")
        }
        var catalog = try file.catalog()
        catalog["Metadata"] = .reference(metadataReference)
        file.update(catalogReference, with: .dictionary(catalog))
    }

    /// An XMP packet (ISO 16684-1) with only dc:format; ``XMPPacket/update(with:)`` adds the
    /// rest. The header's `begin` attribute is a byte order mark, as the XMP specification
    /// asks, so readers know the packet's encoding is UTF-8.
    static let emptyXMPPacket = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format></rdf:Description>
        </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
}
