import Testing

@testable import PDFCore

extension SecurityTests {
    /// The handler against real encrypted files: files qpdf encrypted here and encrypted files
    /// of the shared corpus, with qpdf's file keys and pikepdf's plaintext as oracles.
    @Suite("standard security handler on real files")
    struct StandardSecurityHandlerTests {
        // MARK: - Fixture coverage

        @Test("the fixtures are present and cover every revision")
        func fixturesCoverEveryRevision() throws {
            let fixtures = try SecurityFixture.allNames.map(SecurityFixture.load)
            #expect(fixtures.count >= 15)
            #expect(Set(fixtures.compactMap(\.revision)) == [2, 3, 4, 5, 6])
            // Both RC4 and AES under V4, and clear-text metadata, must be among them.
            #expect(fixtures.contains { $0.methods["stream"] == "RC4" })
            #expect(fixtures.contains { $0.methods["stream"] == "AESv2" })
            #expect(fixtures.contains { $0.encryptDictionary["EncryptMetadata"]?.boolValue == false })
            #expect(fixtures.allSatisfy { !($0.streams ?? []).isEmpty })
            #expect(SecurityFixture.passwordVectors.count >= 10)
        }

        // MARK: - Passwords

        @Test("the user password gives qpdf's file key and decrypts strings and streams",
              arguments: SecurityFixture.allNames)
        func userPassword(name: String) throws {
            let fixture = try SecurityFixture.load(name)
            try fixture.expectOpens(with: try #require(fixture.user))
        }

        @Test("the owner password gives qpdf's file key and decrypts strings and streams",
              arguments: SecurityFixture.namesWithOwnerPassword)
        func ownerPassword(name: String) throws {
            let fixture = try SecurityFixture.load(name)
            let owner = try #require(fixture.owner)
            #expect(owner.isOwner)
            try fixture.expectOpens(with: owner)
        }

        @Test("a wrong password is refused", arguments: SecurityFixture.allNames)
        func wrongPassword(name: String) throws {
            let fixture = try SecurityFixture.load(name)
            fixture.expectRefuses("not the password")
            // A prefix of the right password is wrong too.
            if let user = fixture.user?.password, user.count > 1 {
                fixture.expectRefuses(String(user.dropLast()))
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
                fixture.expectRefuses(nil)
                fixture.expectRefuses("")
            }
        }

        @Test("password vectors: user and owner passwords of many lengths and scripts",
              arguments: SecurityFixture.passwordVectors.keys.sorted())
        func passwordVector(name: String) throws {
            let vector = try #require(SecurityFixture.passwordVectors[name])
            try vector.expectOpens(with: try #require(vector.user))
            try vector.expectOpens(with: try #require(vector.owner))
            vector.expectRefuses("not the password")
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

            for string in fixture.strings ?? [] {
                let plain = SecurityHex.bytes(string.plain)
                let encrypted = handler.encryptString(plain, reference: string.reference)
                #expect(handler.decryptString(encrypted, reference: string.reference) == plain)
                if isRC4 {
                    #expect(SecurityHex.string(encrypted) == string.encrypted)
                } else {
                    // AES: IV plus whole blocks, and a fresh IV each time.
                    #expect(encrypted.count % 16 == 0 && encrypted.count > plain.count)
                    #expect(handler.encryptString(plain, reference: string.reference) != encrypted)
                }
            }
            for stream in fixture.streams ?? [] {
                let plain = SecurityHex.bytes(stream.plain)
                let encrypted = handler.encryptStream(plain, dictionary: stream.streamDictionary, reference: stream.reference)
                #expect(handler.decryptStream(encrypted, dictionary: stream.streamDictionary, reference: stream.reference) == plain)
                // RC4 is deterministic; clear-text metadata must stay as it is.
                if isRC4 || stream.encrypted == stream.plain {
                    #expect(SecurityHex.string(encrypted) == stream.encrypted)
                }
            }
        }
    }
}
