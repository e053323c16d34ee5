import Testing

@testable import PDFCore

/// The handler against real encrypted files: files qpdf encrypted here and encrypted files
/// of the shared corpus, with qpdf's file keys and pikepdf's plaintext as oracles.
@Suite("Security: standard security handler on real files")
struct StandardSecurityHandlerTests {
    // MARK: - Fixture coverage

    @Test("the fixtures are present and cover every revision")
    func fixturesCoverEveryRevision() throws {
        let fixtures = try SecurityFixture.allNames.map(SecurityFixture.load)
        #expect(fixtures.count >= 15)
        let revisions = Set(fixtures.compactMap(\.revision))
        #expect(revisions == [2, 3, 4, 5, 6])
        // Both RC4 and AES under V4, and clear-text metadata, must be among them.
        #expect(fixtures.contains { $0.methods["stream"] == "RC4" })
        #expect(fixtures.contains { $0.methods["stream"] == "AESv2" })
        #expect(fixtures.contains { $0.encryptDictionary["EncryptMetadata"]?.boolValue == false })
    }

    // MARK: - Passwords

    @Test("the user password gives qpdf's file key and decrypts strings and streams",
          arguments: SecurityFixture.allNames)
    func userPassword(name: String) throws {
        let fixture = try SecurityFixture.load(name)
        let user = try #require(fixture.user)
        let handler = try StandardSecurityHandler(
            encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: user.password)
        try checkHandler(handler, fixture: fixture, password: user)
    }

    @Test("the owner password gives qpdf's file key and decrypts strings and streams",
          arguments: SecurityFixture.allNames)
    func ownerPassword(name: String) throws {
        let fixture = try SecurityFixture.load(name)
        guard let owner = fixture.owner else { return }  // not known for every corpus file
        let handler = try StandardSecurityHandler(
            encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: owner.password)
        #expect(handler.authenticatedAsOwner)
        try checkHandler(handler, fixture: fixture, password: owner)
    }

    @Test("a wrong password is refused", arguments: SecurityFixture.allNames)
    func wrongPassword(name: String) throws {
        let fixture = try SecurityFixture.load(name)
        #expect(throws: PDFError.passwordRequired) {
            try StandardSecurityHandler(
                encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: "not the password")
        }
    }

    @Test("no password opens exactly the files whose user password is empty", arguments: SecurityFixture.allNames)
    func noPassword(name: String) throws {
        let fixture = try SecurityFixture.load(name)
        let user = try #require(fixture.user)
        if user.password.isEmpty {
            let handler = try StandardSecurityHandler(
                encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: nil)
            #expect(SecurityHex.string(handler.fileKey) == user.fileKey)
            #expect(handler.authenticatedAsOwner == user.isOwner)
        } else {
            for password in [nil, ""] as [String?] {
                #expect(throws: PDFError.passwordRequired) {
                    try StandardSecurityHandler(
                        encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: password)
                }
            }
        }
    }

    // MARK: - Writing

    @Test("encrypted strings and streams decrypt back; RC4 output matches the file's bytes",
          arguments: SecurityFixture.allNames)
    func roundTrip(name: String) throws {
        let fixture = try SecurityFixture.load(name)
        let user = try #require(fixture.user)
        let handler = try StandardSecurityHandler(
            encryptDictionary: fixture.encryptDictionary, fileID: fixture.fileID, password: user.password)
        let isRC4 = handler.methodDescription.hasPrefix("RC4")

        for string in fixture.strings {
            let plain = SecurityHex.bytes(string.plain)
            let encrypted = handler.encryptString(plain, reference: string.reference)
            #expect(handler.decryptString(encrypted, reference: string.reference) == plain)
            if isRC4 {
                #expect(SecurityHex.string(encrypted) == string.encrypted)
            } else {
                // AES: a fresh IV each time, and whole blocks after it.
                #expect(encrypted.count % 16 == 0 && encrypted.count > plain.count)
                #expect(handler.encryptString(plain, reference: string.reference) != encrypted)
            }
        }
        for stream in fixture.streams {
            let plain = SecurityHex.bytes(stream.plain)
            let encrypted = handler.encryptStream(plain, dictionary: stream.streamDictionary, reference: stream.reference)
            #expect(handler.decryptStream(encrypted, dictionary: stream.streamDictionary, reference: stream.reference) == plain)
            if isRC4 || stream.encrypted == stream.plain {
                #expect(SecurityHex.string(encrypted) == stream.encrypted)
            }
        }
    }

    // MARK: - Helpers

    private func checkHandler(
        _ handler: StandardSecurityHandler, fixture: SecurityFixture, password: SecurityFixture.Password
    ) throws {
        let dictionary = fixture.encryptDictionary
        #expect(SecurityHex.string(handler.fileKey) == password.fileKey)
        #expect(handler.authenticatedAsOwner == password.isOwner)
        #expect(handler.revision == dictionary["R"]?.integerValue)
        #expect(handler.version == dictionary["V"]?.integerValue)
        #expect(Int(handler.permissions) == dictionary["P"]?.integerValue.map { Int(Int32(truncatingIfNeeded: $0)) })
        #expect(handler.keyLengthBits == password.fileKey.count * 4)
        #expect(handler.encryptsMetadata == (dictionary["EncryptMetadata"]?.boolValue ?? true))
        #expect(handler.methodDescription == fixture.expectedMethodDescription(keyLengthBits: handler.keyLengthBits))
        if handler.revision == 6 {
            // Every R6 writer here writes a /Perms that agrees with /P.
            #expect(handler.permissionsEntryMatches == true)
        }

        for string in fixture.strings {
            let decrypted = handler.decryptString(SecurityHex.bytes(string.encrypted), reference: string.reference)
            #expect(SecurityHex.string(decrypted) == string.plain, "string in object \(string.reference)")
        }
        for stream in fixture.streams {
            let decrypted = handler.decryptStream(
                SecurityHex.bytes(stream.encrypted), dictionary: stream.streamDictionary, reference: stream.reference)
            #expect(SecurityHex.string(decrypted) == stream.plain, "stream \(stream.reference)")
        }
    }
}
