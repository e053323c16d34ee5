import Foundation
import Testing
@testable import Marginalia

@Suite("Encrypted documents")
struct EncryptedDocumentTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/encrypted")

    static let files: [(String, String)] = [
        ("r2-rc4-40.pdf", "RC4 40-bit"), ("r3-rc4-128.pdf", "RC4 128-bit"), ("r4-rc4-128.pdf", "RC4 128-bit"),
        ("r4-aes-128.pdf", "AES-128"), ("r4-aes-128-objstm.pdf", "AES-128"), ("r5-aes-256.pdf", "AES-256"),
        ("r6-aes-256.pdf", "AES-256"),
    ]

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    @Test(arguments: files)
    func opensWithUserOrOwnerPasswordOnly(name: String, method: String) throws {
        let user = try PDFDocument(url: Self.url(name), password: "user")
        #expect(user.encryption?.method == method)
        #expect(user.encryption?.openedAsOwner == false)
        #expect(try user.pageCount == 2)
        #expect(try user.metadata.title == "Encrypted fixture")
        let owner = try PDFDocument(url: Self.url(name), password: "owner")
        #expect(owner.encryption?.openedAsOwner == true)
        #expect(owner.permissions == .all)
        #expect(throws: PDFError.passwordRequired) { try PDFDocument(url: Self.url(name), password: "wrong") }
        #expect(throws: PDFError.passwordRequired) { try PDFDocument(url: Self.url(name)) }
    }

    @Test func emptyUserPasswordOpensWithoutAsking() throws {
        let document = try PDFDocument(url: Self.url("r6-aes-256-empty.pdf"))
        #expect(document.isEncrypted)
        #expect(try document.metadata.author == "Marginalia tests")
    }

    @Test(arguments: files)
    func incrementalSaveEncryptsWhatItAppends(name: String, method: String) throws {
        let original = try Data(contentsOf: Self.url(name))
        let document = try PDFDocument(data: original, password: "user")
        var metadata = try document.metadata
        metadata.subject = "Appended secret subject"
        try document.setMetadata(metadata)
        try document.rotatePage(at: 1, by: 90)
        let saved = try document.dataRepresentation()
        #expect(saved.prefix(original.count) == original)
        let appended = saved[original.count...]
        #expect(appended.range(of: Data("Appended secret".utf8)) == nil, "new strings must be encrypted")

        let reopened = try PDFDocument(data: saved, password: "user")
        #expect(try reopened.metadata.subject == "Appended secret subject")
        #expect(try reopened.page(at: 1).rotation == 90)
        #expect(reopened.encryption?.method == method)
    }

    @Test(arguments: files, [false, true])
    func compactKeepsEncryption(file: (String, String), objectStreams: Bool) throws {
        let document = try PDFDocument(url: Self.url(file.0), password: "owner")
        let saved = try document.dataRepresentation(options: PDFWriteOptions(mode: .compact, useObjectStreams: objectStreams))
        #expect(saved.range(of: Data("Encrypted fixture".utf8)) == nil)
        let reopened = try PDFDocument(data: saved, password: "user")
        #expect(try reopened.metadata.title == "Encrypted fixture")
        #expect(try reopened.pageCount == 2)
    }

    @Test(arguments: files, [false, true])
    func compactCanRemoveEncryption(file: (String, String), objectStreams: Bool) throws {
        let document = try PDFDocument(url: Self.url(file.0), password: "user")
        let saved = try document.dataRepresentation(options: PDFWriteOptions(mode: .compact, useObjectStreams: objectStreams,
                                                                             removesEncryption: true))
        #expect(saved.range(of: Data("/Encrypt".utf8)) == nil)
        let reopened = try PDFDocument(data: saved)
        #expect(!reopened.isEncrypted)
        #expect(try reopened.metadata.title == "Encrypted fixture")
        #expect(try reopened.pageCount == 2)
        // make_encrypted.sh draws "Secret page N" on page N.
        #expect(try reopened.page(at: 1).text.words.map(\.text) == ["Secret", "page", "2"])
    }

    @Test func anIncrementalUpdateCannotRemoveEncryption() throws {
        let document = try PDFDocument(url: Self.url("r6-aes-256.pdf"), password: "user")
        #expect(throws: PDFError.self) { try document.dataRepresentation(options: PDFWriteOptions(removesEncryption: true)) }
    }
}
