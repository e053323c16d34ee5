import Testing

@testable import PDFCore

extension SecurityTests {
    /// Which crypt filter applies to which stream or string (7.6.6, 7.4.10): /StmF, /StrF,
    /// /EFF, per-stream /Crypt filters, /Identity, /None and clear-text metadata. Built on a
    /// real AES-128 fixture whose /CF gains extra filters.
    @Suite("crypt filters for streams and strings")
    struct StreamCryptFilterTests {
        /// The qpdf R4 AES-128 fixture, its content stream, and a handler for its dictionary
        /// changed by `change`.
        private func setUp(
            _ change: (inout PDFDictionary) -> Void = { _ in }
        ) throws -> (StandardSecurityHandler, SecurityFixture.EncryptedStream, SecurityFixture.EncryptedString) {
            let fixture = try SecurityFixture.load("qpdf-r4-aes-128")
            var dictionary = fixture.encryptDictionary
            var cf = try #require(dictionary["CF"]?.dictionaryValue)
            cf["RC4CF"] = .dictionary(PDFDictionary(["CFM": .name("V2"), "Length": .integer(16)]))
            cf["NoneCF"] = .dictionary(PDFDictionary(["CFM": .name("None")]))
            dictionary["CF"] = .dictionary(cf)
            change(&dictionary)
            let handler = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
            let stream = try #require(fixture.streams?.first { $0.streamDictionary.type != "Metadata" })
            let string = try #require(fixture.strings?.first)
            return (handler, stream, string)
        }

        private func streamDictionary(filter: PDFObject?, parameters: PDFObject? = nil, type: String? = nil) -> PDFDictionary {
            var dictionary = PDFDictionary()
            if let type { dictionary["Type"] = .name(type) }
            dictionary["Filter"] = filter
            dictionary["DecodeParms"] = parameters
            return dictionary
        }

        @Test("a /Crypt filter naming /Identity, or no name, leaves the data alone", arguments: [
            (PDFObject.name("Crypt"), PDFObject?.none),
            (.array([.name("Crypt"), .name("FlateDecode")]), .array([.dictionary(PDFDictionary(["Name": .name("Identity")])), .null])),
            (.array([.name("Crypt")]), .array([.dictionary(PDFDictionary(["Type": .name("CryptFilterDecodeParms")]))])),
        ])
        func identityCryptFilter(filter: PDFObject, parameters: PDFObject?) throws {
            let (handler, stream, _) = try setUp()
            let data = SecurityHex.bytes(stream.encrypted)
            let dictionary = streamDictionary(filter: filter, parameters: parameters)
            #expect(handler.decryptStream(data, dictionary: dictionary, reference: stream.reference) == data)
            #expect(handler.encryptStream(data, dictionary: dictionary, reference: stream.reference) == data)
        }

        @Test("a /Crypt filter naming a defined filter uses it instead of /StmF")
        func namedCryptFilter() throws {
            let (handler, stream, _) = try setUp()
            let plain = SecurityHex.bytes(stream.plain)
            func parameters(_ name: String) -> PDFObject {
                .array([.dictionary(PDFDictionary(["Name": .name(name)])), .null])
            }
            let filter: PDFObject = .array([.name("Crypt"), .name("FlateDecode")])

            // /StdCF is the AES-128 filter /StmF also names: the file's bytes decrypt.
            let std = streamDictionary(filter: filter, parameters: parameters("StdCF"))
            #expect(handler.decryptStream(SecurityHex.bytes(stream.encrypted), dictionary: std, reference: stream.reference) == plain)

            // /RC4CF: RC4 with the object key, different from AES and from the plaintext.
            let rc4 = streamDictionary(filter: filter, parameters: parameters("RC4CF"))
            let rc4Bytes = handler.encryptStream(plain, dictionary: rc4, reference: stream.reference)
            let objectKey = CryptFilterMethod.objectKey(fileKey: handler.fileKey, reference: stream.reference, aes: false)
            #expect(rc4Bytes == RC4.apply(key: objectKey, to: plain))
            #expect(handler.decryptStream(rc4Bytes, dictionary: rc4, reference: stream.reference) == plain)

            // /NoneCF (CFM /None) and an undefined name leave the data alone.
            for name in ["NoneCF", "Undefined"] {
                let dictionary = streamDictionary(filter: filter, parameters: parameters(name))
                #expect(handler.decryptStream(plain, dictionary: dictionary, reference: stream.reference) == plain)
            }
        }

        @Test("/StmF /Identity leaves streams alone while /StrF still decrypts strings")
        func identityStreams() throws {
            let (handler, stream, string) = try setUp { $0["StmF"] = .name("Identity") }
            let plain = SecurityHex.bytes(stream.plain)
            #expect(handler.decryptStream(plain, dictionary: stream.streamDictionary, reference: stream.reference) == plain)
            let decrypted = handler.decryptString(SecurityHex.bytes(string.encrypted), reference: string.reference)
            #expect(SecurityHex.string(decrypted) == string.plain)
            #expect(handler.methodDescription == "AES-128")
        }

        @Test("/StrF naming a /None filter leaves strings alone")
        func noneStrings() throws {
            let (handler, _, string) = try setUp { $0["StrF"] = .name("NoneCF") }
            let plain = SecurityHex.bytes(string.plain)
            #expect(handler.decryptString(plain, reference: string.reference) == plain)
            #expect(handler.encryptString(plain, reference: string.reference) == plain)
        }

        @Test("embedded files use /EFF; without /EFF they use /StmF")
        func embeddedFiles() throws {
            let (withEFF, stream, _) = try setUp { $0["EFF"] = .name("Identity") }
            let plain = SecurityHex.bytes(stream.plain)
            let embedded = streamDictionary(filter: .name("FlateDecode"), type: "EmbeddedFile")
            #expect(withEFF.decryptStream(plain, dictionary: embedded, reference: stream.reference) == plain)
            // Other streams still use /StmF.
            #expect(withEFF.decryptStream(SecurityHex.bytes(stream.encrypted), dictionary: stream.streamDictionary,
                                          reference: stream.reference) == plain)

            let (withoutEFF, _, _) = try setUp()
            #expect(withoutEFF.decryptStream(SecurityHex.bytes(stream.encrypted), dictionary: embedded,
                                             reference: stream.reference) == plain)
        }

        @Test("metadata streams are encrypted unless /EncryptMetadata is false")
        func metadata() throws {
            let metadata = streamDictionary(filter: nil, type: "Metadata")
            let reference = PDFReference(3)
            let data: [UInt8] = Array("<x:xmpmeta/>".utf8)

            let (encrypting, _, _) = try setUp()
            #expect(encrypting.encryptsMetadata)
            #expect(encrypting.encryptStream(data, dictionary: metadata, reference: reference) != data)

            let fixture = try SecurityFixture.load("qpdf-r4-aes-128-cleartext-metadata")
            let clear = try StandardSecurityHandler(
                encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: nil)
            #expect(!clear.encryptsMetadata)
            #expect(clear.encryptStream(data, dictionary: metadata, reference: reference) == data)
            #expect(clear.decryptStream(data, dictionary: metadata, reference: reference) == data)
        }

        @Test("damaged encrypted data never crashes", arguments: ["qpdf-r2-rc4-40", "qpdf-r4-aes-128", "qpdf-r6-aes-256"])
        func damagedData(name: String) throws {
            let fixture = try SecurityFixture.load(name)
            let handler = try StandardSecurityHandler(
                encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: "user")
            let reference = PDFReference(Int.max, Int.min)
            for length in [0, 1, 15, 16, 17, 31, 33] {
                let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 91) }
                let string = handler.decryptString(data, reference: reference)
                let stream = handler.decryptStream(data, dictionary: PDFDictionary(), reference: reference)
                #expect(string.count <= max(length, 0) && stream.count <= max(length, 0))
            }
        }
    }
}
