import Foundation
import Testing
@testable import PDFCore

@Suite("Incremental and full writers")
struct WriterTests {
    /// Every reachable object, keyed by a path from the trailer, references replaced by the
    /// path where the object was first met: equal graphs give equal maps whatever the numbering.
    func graph(_ file: PDFFile) throws -> [String: PDFObject] {
        var result: [String: PDFObject] = [:]
        var seen: [Int: String] = [:]
        func canonical(_ object: PDFObject, path: String) throws -> PDFObject {
            switch object {
            case .reference(let r):
                if let known = seen[r.number] { return .name("@" + known) }
                seen[r.number] = path
                let resolved = try file.object(for: r)
                var value = try canonical(resolved, path: path)
                if case .stream(let s) = value {
                    // Compare streams by their decoded content: a rewrite may compress them.
                    var d = s.dictionary
                    for key in ["Length", "Filter", "DecodeParms"] { d[key] = nil }
                    value = .stream(PDFStream(dictionary: d, rawBytes: try s.decodedBytes()))
                }
                result[path] = value
                return .name("@" + path)
            case .array(let items):
                return .array(try items.enumerated().map { try canonical($1, path: path + "[\($0)]") })
            case .dictionary(let d):
                var out = PDFDictionary()
                for (k, v) in d { out[k] = try canonical(v, path: path + "/" + k) }
                return .dictionary(out)
            case .stream(let s):
                var out = PDFDictionary()
                for (k, v) in s.dictionary { out[k] = try canonical(v, path: path + "/" + k) }
                return .stream(PDFStream(dictionary: out, rawBytes: s.rawBytes))
            default:
                return object
            }
        }
        let trailer = file.trailer
        for key in ["Root", "Info"] { if let v = trailer[key] { _ = try canonical(v, path: key) } }
        return result
    }

    static let intact = TestPDF.Flavour.allCases

    @Test(arguments: intact)
    func incrementalWithoutChangesKeepsPrefixAndGraph(flavour: TestPDF.Flavour) throws {
        let original = TestPDF.build(flavour)
        let file = try PDFFile(source: ByteSource(bytes: original))
        let before = try graph(file)
        let written = try file.dataRepresentation(options: PDFWriteOptions(mode: .incremental))
        #expect(Array(written.prefix(original.count)) == original)
        let reopened = try PDFFile(source: ByteSource(bytes: written))
        #expect(try graph(reopened) == before)
    }

    @Test(arguments: intact, [false, true])
    func compactKeepsGraph(flavour: TestPDF.Flavour, objectStreams: Bool) throws {
        let file = try TestPDF.open(flavour)
        let before = try graph(file)
        let written = try file.dataRepresentation(options: PDFWriteOptions(mode: .compact, useObjectStreams: objectStreams))
        let reopened = try PDFFile(source: ByteSource(bytes: written))
        #expect(!reopened.isRepaired, "a rewritten file must need no repair")
        #expect(try graph(reopened) == before)
        #expect(reopened.crossReference.kind == (objectStreams ? .stream : .table))
    }

    @Test(arguments: [TestPDF.Flavour.classic, .xrefStream, .objectStreams, .hybrid, .incremental, .junkBeforeHeader])
    func incrementalUpdateAppendsOnlyChanges(flavour: TestPDF.Flavour) throws {
        let original = TestPDF.build(flavour)
        let file = try PDFFile(source: ByteSource(bytes: original))
        var annotation = try #require(try file.object(for: PDFReference(7, 0)).dictionaryValue)
        annotation["Contents"] = .text("Changed")
        file.update(PDFReference(7, 0), with: .dictionary(annotation))
        let added = file.add(.dictionary(PDFDictionary(["Type": .name("Annot"), "Subtype": .name("Text")])))
        let written = try file.dataRepresentation()
        #expect(Array(written.prefix(original.count)) == original)

        let appended = String(decoding: written[original.count...], as: UTF8.self)
        if file.crossReference.kind == .stream {
            // After a cross-reference stream the dictionaries go into an object stream.
            #expect(appended.contains("/Type /ObjStm") || appended.contains("/Type/ObjStm"))
            #expect(!appended.contains("7 0 obj") && !appended.contains("\(added.number) 0 obj"))
        } else {
            #expect(appended.contains("7 0 obj"))
            #expect(appended.contains("\(added.number) 0 obj"))
        }
        #expect(!appended.contains("\n3 0 obj"), "untouched objects are not rewritten")

        let reopened = try PDFFile(source: ByteSource(bytes: written))
        #expect(!reopened.isRepaired)
        #expect(reopened.crossReference.kind == file.crossReference.kind)
        #expect(try reopened.object(for: PDFReference(7, 0)).dictionaryValue?["Contents"] == .text("Changed"))
        #expect(try reopened.object(for: added).dictionaryValue?["Subtype"] == .name("Text"))
        #expect(reopened.crossReference.sectionCount == file.crossReference.sectionCount + 1)
    }

    @Test func updatesOfUpdatesKeepTheirObjectStreams() throws {
        // Each update packs into object streams numbered past the file's size; the next
        // update, made on the reopened file, numbers its own past those.
        var bytes = TestPDF.build(.objectStreams)
        var added: [PDFReference] = []
        for round in 0..<3 {
            let file = try PDFFile(source: ByteSource(bytes: bytes))
            added.append(file.add(.dictionary(PDFDictionary(["Round": .integer(round)]))))
            var annotation = try #require(try file.object(for: PDFReference(7, 0)).dictionaryValue)
            annotation["Contents"] = .text("Round \(round)")
            file.update(PDFReference(7, 0), with: .dictionary(annotation))
            let written = try file.dataRepresentation()
            #expect(Array(written.prefix(bytes.count)) == bytes)
            bytes = written
        }
        let reopened = try PDFFile(source: ByteSource(bytes: bytes))
        #expect(!reopened.isRepaired)
        #expect(Set(added.map(\.number)).count == 3)
        for (round, reference) in added.enumerated() {
            #expect(try reopened.object(for: reference).dictionaryValue?["Round"] == .integer(round))
        }
        #expect(try reopened.object(for: PDFReference(7, 0)).dictionaryValue?["Contents"] == .text("Round 2"))
        #expect(try reopened.object(for: PDFReference(7, 0)).dictionaryValue?["Subtype"] == .name("Square"))
    }

    @Test(arguments: [TestPDF.Flavour.objectStreams, .classic])
    func incrementalUpdateOfARepairedFileListsEveryObject(flavour: TestPDF.Flavour) throws {
        // Break the startxref offset so that opening must repair.
        var original = TestPDF.build(flavour)
        let text = String(decoding: original, as: UTF8.self)
        let range = try #require(text.range(of: "startxref\n", options: .backwards))
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        original = Array((String(text[..<range.upperBound]) + "999" + String(text[range.upperBound...].dropFirst(digits.count))).utf8)
        let file = try PDFFile(source: ByteSource(bytes: original))
        _ = try file.object(for: PDFReference(7, 0))
        #expect(file.isRepaired)
        file.update(PDFReference(8, 0), with: .dictionary(PDFDictionary(["Title": .text("Fixed")])))
        let written = try file.dataRepresentation()
        #expect(Array(written.prefix(original.count)) == original)
        let reopened = try PDFFile(source: ByteSource(bytes: written))
        #expect(!reopened.isRepaired, "the appended section makes the file whole again")
        #expect(try reopened.object(for: PDFReference(7, 0)).dictionaryValue?["Subtype"] == .name("Square"))
        #expect(try reopened.dictionary(reopened.trailer["Info"])?["Title"] == .text("Fixed"))
    }

    @Test func deletedObjectReadsAsNull() throws {
        let file = try TestPDF.open(.classic)
        file.delete(PDFReference(8, 0))
        let reopened = try PDFFile(source: ByteSource(bytes: try file.dataRepresentation()))
        #expect(try reopened.object(for: PDFReference(8, 0)) == .null)
        guard case .free(let next)? = reopened.crossReference.entries[8] else {
            Issue.record("object 8 is not free")
            return
        }
        #expect(next == 1)
    }

    @Test func compactDropsUnreachableObjects() throws {
        let file = try TestPDF.open(.classic)
        file.add(.string(Array("orphan".utf8)))
        let written = try file.dataRepresentation(options: PDFWriteOptions(mode: .compact))
        let reopened = try PDFFile(source: ByteSource(bytes: written))
        #expect(reopened.objectNumbers.count == 9)  // objects 1-9 are all reachable
        #expect(!String(decoding: written, as: UTF8.self).contains("orphan"))
    }

    @Test func atomicWriteReplacesFileAndLeavesNoTemporary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marginalia-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.pdf").path
        try AtomicFileWriter.write(Array("first".utf8), to: path)
        try AtomicFileWriter.write(Array("second".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.pdf"])
        #expect(throws: PDFError.self) { try AtomicFileWriter.write([1], to: directory.path + "/missing/x.pdf") }
    }

    /// A new file gets 0666 less the umask, as creating it would (a service with UMask=0077
    /// keeps its documents to itself); a replaced file keeps its own permissions.
    @Test func atomicWriteGivesANewFileTheUmasksPermissions() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask"]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        shell.waitUntilExit()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let umask = try #require(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marginalia-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("new.pdf").path
        try AtomicFileWriter.write(Array("new".utf8), to: path)
        let created = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(created == 0o666 & ~umask)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try AtomicFileWriter.write(Array("again".utf8), to: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    }

    /// A new object never takes the number of an object the file names but lacks: the page's
    /// dangling `/Annots [9 0 R]` would otherwise come to mean the new object (FuzzDocument's
    /// invariant found an ink annotation's appearance stream read back as an annotation).
    @Test func aNewObjectSkipsTheNumbersOfDanglingReferences() throws {
        let text = """
            %PDF-1.7
            1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj
            2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj
            3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]/Annots[9 0 R]>> endobj
            trailer <</Root 1 0 R/Size 4>>
            %%EOF
            """
        let file = try PDFFile(source: ByteSource(bytes: Array(text.utf8)))
        _ = try file.object(for: PDFReference(3, 0))
        #expect(file.add(.integer(1)).number == 10)
    }
}
