import Testing

@testable import PDFCore

extension SecurityTests {
    /// What the handler refuses, and how it reads unusual but valid /Encrypt dictionaries.
    /// Most cases start from a real fixture and change one entry.
    @Suite("/Encrypt dictionary: unsupported, malformed and unusual entries")
    struct EncryptionDictionaryTests {
        private static func fixture(_ name: String) throws -> SecurityFixture {
            try SecurityFixture.load(name)
        }

        /// The error opening `dictionary` with `password`, if any.
        private func openingError(
            _ dictionary: PDFDictionary, fileID: [UInt8] = [], password: String? = nil
        ) -> PDFError? {
            #expect(throws: PDFError.self) {
                try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fileID, password: password)
            }
        }

        // MARK: - Unsupported

        @Test("other handlers, /V 3 and unknown revisions are unsupported", arguments: [
            ("Filter", PDFObject.name("Adobe.PubSec")),
            ("Filter", .name("FOPN_foweb")),
            ("Recipients", .array([.string([1, 2, 3])])),
            ("V", .integer(3)),
            ("V", .integer(7)),
            ("R", .integer(7)),
            ("R", .integer(1)),
            ("Length", .integer(256)),
            ("Length", .integer(Int.min)),
        ])
        func unsupported(key: String, value: PDFObject) throws {
            var dictionary = try Self.fixture("qpdf-r3-rc4-128").encryptDictionary
            dictionary[key] = value
            let error = openingError(dictionary, password: "user")
            guard case .unsupportedEncryption? = error else {
                Issue.record("expected unsupportedEncryption, got \(String(describing: error))")
                return
            }
        }

        @Test("an unknown /CFM for /StmF is unsupported; for an unused filter it is ignored")
        func unknownCryptFilterMethod() throws {
            let fixture = try Self.fixture("qpdf-r4-aes-128")
            var dictionary = fixture.encryptDictionary
            var cf = try #require(dictionary["CF"]?.dictionaryValue)
            cf["Odd"] = .dictionary(PDFDictionary(["CFM": .name("ROT13")]))
            dictionary["CF"] = .dictionary(cf)
            // Unused: the file still opens.
            _ = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
            dictionary["StmF"] = .name("Odd")
            guard case .unsupportedEncryption? = openingError(dictionary, fileID: fixture.fileID, password: "user") else {
                Issue.record("expected unsupportedEncryption")
                return
            }
        }

        // MARK: - Malformed

        /// Before R5 a short /O or /U is padded with zeros, as qpdf pads it (a writer that
        /// dropped trailing zero bytes); a wrong one then fails on the password, not the syntax.
        @Test("short /O and /U before R5 are padded, and say so", arguments: [
            ("O", [UInt8]([1, 2, 3])), ("U", []),
        ])
        func shortHashesArePadded(key: String, value: [UInt8]) throws {
            let fixture = try Self.fixture("qpdf-r3-rc4-128")
            var dictionary = fixture.encryptDictionary
            dictionary[key] = .string(value)
            let encryption = try EncryptionDictionary(dictionary)
            #expect(encryption.notes == ["/\(key) in the /Encrypt dictionary has \(value.count) bytes: padded with zeros to 32"])
            #expect((key == "O" ? encryption.ownerHash : encryption.userHash) == value + [UInt8](repeating: 0, count: 32 - value.count))
            #expect(openingError(dictionary, fileID: fixture.fileID, password: "user") == .passwordRequired)
        }

        /// A /StmF or /StrF that /CF does not define reads as the filter /CF defines, as qpdf
        /// reads it, and says so.
        @Test("a crypt filter name /CF does not define reads as the defined one", arguments: ["StmF", "StrF"])
        func missingCryptFilterName(key: String) throws {
            let fixture = try Self.fixture("qpdf-r4-aes-128")
            var dictionary = fixture.encryptDictionary
            dictionary[key] = .name("Nope")
            let encryption = try EncryptionDictionary(dictionary)
            #expect(encryption.streamMethod == .aesV2 && encryption.stringMethod == .aesV2)
            #expect(encryption.notes == ["the /Encrypt dictionary's /\(key) names /Nope, which /CF does not define: read as AES-128"])
            _ = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
        }

        @Test("malformed /O, /U, /R and /P are errors, not crashes", arguments: [
            ("qpdf-r3-rc4-128", "U", PDFObject.null),
            ("qpdf-r3-rc4-128", "O", .integer(32)),
            ("qpdf-r3-rc4-128", "R", .null),
            ("qpdf-r3-rc4-128", "P", .null),
            ("qpdf-r6-aes-256", "U", .string([UInt8](repeating: 0, count: 32))),
            ("qpdf-r6-aes-256", "O", .string([UInt8](repeating: 0, count: 47))),
            ("qpdf-r6-aes-256", "UE", .string([UInt8](repeating: 0, count: 31))),
            ("qpdf-r6-aes-256", "Perms", .name("Perms")),
        ])
        func malformed(name: String, key: String, value: PDFObject) throws {
            let fixture = try Self.fixture(name)
            var dictionary = fixture.encryptDictionary
            dictionary[key] = value
            let error = openingError(dictionary, fileID: fixture.fileID, password: "user")
            guard case .invalidObject? = error else {
                Issue.record("expected invalidObject, got \(String(describing: error))")
                return
            }
        }

        @Test("R5-6 without the /UE or /OE a matching password needs is an error")
        func missingEncryptedKey() throws {
            let fixture = try Self.fixture("qpdf-r6-aes-256")
            for (key, password) in [("UE", "user"), ("OE", "owner")] {
                var dictionary = fixture.encryptDictionary
                dictionary[key] = nil
                guard case .invalidObject? = openingError(dictionary, fileID: fixture.fileID, password: password) else {
                    Issue.record("expected invalidObject without /\(key)")
                    continue
                }
            }
        }

        @Test("/O and /U longer than needed are trimmed (early R5 writers pad them to 127 bytes)")
        func paddedHashes() throws {
            let fixture = try Self.fixture("qpdf-r5-aes-256")
            var dictionary = fixture.encryptDictionary
            for key in ["O", "U"] {
                let bytes = try #require(dictionary[key]?.stringBytes)
                dictionary[key] = .string(bytes + [UInt8](repeating: 0, count: 127 - bytes.count))
            }
            let handler = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "owner")
            #expect(SecurityHex.string(handler.fileKey) == fixture.owner?.fileKey)
        }

        // MARK: - Permissions

        @Test("/P written unsigned means the same flags")
        func unsignedPermissions() throws {
            let fixture = try Self.fixture("qpdf-r3-rc4-128")
            var dictionary = fixture.encryptDictionary
            let p = try #require(dictionary["P"]?.integerValue)
            dictionary["P"] = .integer(Int(UInt32(bitPattern: Int32(p))))
            let handler = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
            #expect(handler.permissions == Int32(p))
            #expect(SecurityHex.string(handler.fileKey) == fixture.user?.fileKey)
        }

        @Test("an R6 /Perms that disagrees with /P is noted, not fatal")
        func permsMismatch() throws {
            let fixture = try Self.fixture("qpdf-r6-aes-256")
            var dictionary = fixture.encryptDictionary
            dictionary["P"] = .integer(-3904)
            let handler = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
            #expect(handler.permissionsEntryMatches == false)
            #expect(handler.permissions == -3904)
            #expect(SecurityHex.string(handler.fileKey) == fixture.user?.fileKey)

            dictionary["Perms"] = nil
            let withoutPerms = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
            #expect(withoutPerms.permissionsEntryMatches == nil)
        }

        // MARK: - Key length

        @Test("the key length follows /V and /Length", arguments: [
            ("qpdf-r2-rc4-40", "user", 40),
            ("qpdf-r3-rc4-128", "user", 128),
            ("qpdf-r4-rc4-128", "user", 128),
            ("qpdf-r4-aes-128", "user", 128),
            ("qpdf-r6-aes-256", "user", 256),
        ])
        func keyLength(name: String, password: String, bits: Int) throws {
            let fixture = try Self.fixture(name)
            let handler = try StandardSecurityHandler(
                encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: password)
            #expect(handler.keyLengthBits == bits)
        }

        @Test("a V4 dictionary without top-level /Length takes the crypt filter's")
        func cryptFilterLength() throws {
            let fixture = try Self.fixture("qpdf-r4-rc4-128")
            var dictionary = fixture.encryptDictionary
            dictionary["Length"] = nil
            let handler = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fixture.fileID, password: "user")
            #expect(handler.keyLengthBits == 128)
            #expect(SecurityHex.string(handler.fileKey) == fixture.user?.fileKey)
        }
    }
}
