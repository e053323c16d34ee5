import Foundation
import Testing
@testable import Marginalia

/// Title, author, subject, keywords and the XMP packet survive what users do with a file:
/// saving edits, exporting a compact copy, and flattening (seed 001 keeps them on export).
@Suite("Metadata survives save, export and flatten")
struct MetadataSurvivalTests {
    static let xmp = """
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
        <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Old</rdf:li></rdf:Alt></dc:title>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    static let metadata = DocumentMetadata(title: "Field notes — Ω", author: "Ada Lovelace", subject: "Engines",
                                           keywords: "analytical, engine, notes")

    static func annotated() throws -> PDFDocument {
        let document = try TestDocuments.pages(2, xmp: xmp)
        try document.setMetadata(metadata)
        var ink = PDFAnnotation.ink(color: .red, width: 3)
        ink.add(BezierPath(polyline: [CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 150)], closed: false))
        try document.addAnnotation(ink, toPage: 0)
        return document
    }

    static func check(_ document: PDFDocument) throws {
        let read = try document.metadata
        #expect(read.title == metadata.title && read.author == metadata.author)
        #expect(read.subject == metadata.subject && read.keywords == metadata.keywords)
        let catalog = try document.file.catalog()
        let packet = String(decoding: try document.file.decodedData(of: try #require(catalog["Metadata"])), as: UTF8.self)
        #expect(packet.contains("Field notes — Ω") && packet.contains("Ada Lovelace") && packet.contains("analytical, engine, notes"))
    }

    @Test func afterAnIncrementalSave() throws {
        try Self.check(try TestDocuments.reopen(try Self.annotated()))
    }

    @Test func afterACompactExportWithObjectStreams() throws {
        try Self.check(try TestDocuments.reopen(try Self.annotated(), options: PDFWriteOptions(mode: .compact, useObjectStreams: true)))
    }

    @Test func afterFlattening() throws {
        let document = try TestDocuments.reopen(try Self.annotated())
        try document.flattenAnnotations()
        let flattened = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        #expect(try flattened.annotations(onPage: 0).isEmpty)
        try Self.check(flattened)
    }
}
