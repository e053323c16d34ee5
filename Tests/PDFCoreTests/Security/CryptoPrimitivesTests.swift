import Testing

@testable import PDFCore

extension SecurityTests {
    /// RC4, the digests and AES against published test vectors, and the data layout of
    /// 7.6.3.2 (AES with IV prefix and PKCS#5 padding) including damaged input.
    @Suite("cryptographic primitives")
    struct CryptoPrimitivesTests {
        // MARK: - RC4

        /// The classic published RC4 vectors (key, plaintext, ciphertext).
        @Test("RC4 matches the published vectors", arguments: [
            ("Key", "Plaintext", "bbf316e8d940af0ad3"),
            ("Wiki", "pedia", "1021bf0420"),
            ("Secret", "Attack at dawn", "45a01f645fc35b383552544b9bf5"),
        ])
        func rc4Vectors(key: String, plaintext: String, ciphertext: String) {
            let encrypted = RC4.apply(key: Array(key.utf8), to: Array(plaintext.utf8))
            #expect(SecurityHex.string(encrypted) == ciphertext)
            #expect(RC4.apply(key: Array(key.utf8), to: encrypted) == Array(plaintext.utf8))
        }

        @Test("RC4 keeps its state across calls and survives an empty key")
        func rc4State() {
            var cipher = RC4(key: Array("Secret".utf8))
            let first = cipher.process(Array("Attack".utf8))
            let rest = cipher.process(Array(" at dawn".utf8))
            #expect(SecurityHex.string(first + rest) == "45a01f645fc35b383552544b9bf5")
            #expect(RC4.apply(key: [], to: [1, 2, 3]).count == 3)
            #expect(RC4.apply(key: [1], to: []).isEmpty)
        }

        // MARK: - Digests

        @Test("digests match the FIPS and RFC 1321 vectors", arguments: [
            (CryptoPrimitives.Digest.md5, "", "d41d8cd98f00b204e9800998ecf8427e"),
            (.md5, "abc", "900150983cd24fb0d6963f7d28e17f72"),
            (.sha256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (.sha384, "abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
            (.sha512, "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        ])
        func digestVectors(digest: CryptoPrimitives.Digest, input: String, expected: String) {
            #expect(SecurityHex.string(CryptoPrimitives.hash(digest, Array(input.utf8))) == expected)
        }

        // MARK: - Password padding (Algorithm 2 step a)

        @Test("passwords are padded with the standard string to exactly 32 bytes")
        func passwordPadding() {
            let pad = RC4PasswordAlgorithms.paddingString
            #expect(pad.count == 32)
            // MD5 of the padding string, as Python's hashlib computes it: the string is the
            // one the spec gives, byte for byte.
            #expect(SecurityHex.string(CryptoPrimitives.md5(pad)) == "512147b99e71e575780779a1b6451448")
            #expect(RC4PasswordAlgorithms.padded([]) == pad)
            #expect(RC4PasswordAlgorithms.padded(Array("abc".utf8)) == Array("abc".utf8) + pad.prefix(29))
            let long = [UInt8](repeating: 0x41, count: 40)
            #expect(RC4PasswordAlgorithms.padded(long) == Array(long.prefix(32)))
        }

        @Test("R2-4 passwords are PDFDocEncoding, at most 32 bytes")
        func legacyPasswordBytes() {
            #expect(RC4PasswordAlgorithms.passwordBytes("caf\u{E9}") == [0x63, 0x61, 0x66, 0xE9])
            #expect(RC4PasswordAlgorithms.passwordBytes("\u{20AC}5") == [0xA0, 0x35])  // Euro sign is 0xA0
            #expect(RC4PasswordAlgorithms.passwordBytes("\u{65E5}x") == [0x78])  // not encodable: dropped
            #expect(RC4PasswordAlgorithms.passwordBytes(String(repeating: "p", count: 40)).count == 32)
        }

        @Test("R5-6 passwords are UTF-8 cut to 127 bytes, even inside a character")
        func aesPasswordBytes() {
            #expect(AES256PasswordAlgorithms.passwordBytes("p\u{E4}ss") == [0x70, 0xC3, 0xA4, 0x73, 0x73])
            #expect(AES256PasswordAlgorithms.passwordBytes(String(repeating: "k", count: 130)).count == 127)
            let cut = AES256PasswordAlgorithms.passwordBytes(String(repeating: "\u{E9}", count: 64))
            #expect(cut.count == 127 && cut.last == 0xC3)
        }

        // MARK: - Algorithm 1

        @Test("object keys follow Algorithm 1, with sAlT for AES")
        func objectKeys() {
            let fileKey = SecurityHex.bytes("115e6afda4")
            // MD5(key, 0a 00 00, 00 00) and MD5(key, 0a 00 00, 00 00, "sAlT"), cut to 10 bytes
            // (file key length + 5), computed with Python's hashlib.
            #expect(SecurityHex.string(CryptFilterMethod.objectKey(fileKey: fileKey, reference: PDFReference(10, 0), aes: false))
                == "868ae9c50db5a21b5252")
            #expect(SecurityHex.string(CryptFilterMethod.objectKey(fileKey: fileKey, reference: PDFReference(10, 0), aes: true))
                == "f7752a590a9310b86761")
            // At most 16 bytes, and no trap on out-of-range numbers.
            let longKey = [UInt8](repeating: 7, count: 16)
            #expect(CryptFilterMethod.objectKey(fileKey: longKey, reference: PDFReference(.max, -1), aes: true).count == 16)
        }

        // MARK: - AES

        @Test("AES matches the FIPS-197 vectors (one block, zero IV)", arguments: [
            ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
            ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
        ])
        func aesVectors(key: String, ciphertext: String) {
            let plain = SecurityHex.bytes("00112233445566778899aabbccddeeff")
            let zero = [UInt8](repeating: 0, count: 16)
            let encrypted = CryptoPrimitives.aesCBC(encrypt: true, key: SecurityHex.bytes(key), iv: zero, plain)
            #expect(SecurityHex.string(encrypted) == ciphertext)
            #expect(CryptoPrimitives.aesCBC(encrypt: false, key: SecurityHex.bytes(key), iv: zero, encrypted) == plain)
        }

        @Test("AES data round trips with IV and padding", arguments: [0, 1, 15, 16, 17, 100], [16, 32])
        func aesRoundTrip(length: Int, keyLength: Int) {
            let key = CryptoPrimitives.randomBytes(keyLength)
            let plain = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let encrypted = CryptFilterMethod.aesEncrypt(plain, key: key)
            // IV, then the data padded to the next whole block (a full block when already whole).
            #expect(encrypted.count == 16 + (length / 16 + 1) * 16)
            #expect(CryptFilterMethod.aesDecrypt(encrypted, key: key) == plain)
            #expect(CryptFilterMethod.aesEncrypt(plain, key: key) != encrypted)  // fresh IV
        }

        @Test("AES handles data larger than one slice passed to OpenSSL")
        func aesLargeData() {
            let key = CryptoPrimitives.randomBytes(32)
            var plain = [UInt8](repeating: 0x5A, count: (1 << 24) + 1000)
            for (index, marker) in zip([0, (1 << 24) - 1, 1 << 24, plain.count - 1], [1, 2, 3, 4] as [UInt8]) {
                plain[index] = marker  // distinct bytes around the slice boundary
            }
            let encrypted = CryptFilterMethod.aesEncrypt(plain, key: key)
            #expect(encrypted.count == 16 + (plain.count / 16 + 1) * 16)
            // Compared through SHA-256: comparing 16 MB element by element is slow in debug builds.
            let decrypted = CryptFilterMethod.aesDecrypt(encrypted, key: key)
            #expect(decrypted.count == plain.count)
            #expect(CryptoPrimitives.sha256(decrypted) == CryptoPrimitives.sha256(plain))
        }

        @Test("damaged AES data gives what can be recovered, never a crash")
        func aesDamagedData() {
            let key = SecurityHex.bytes("000102030405060708090a0b0c0d0e0f")
            let iv = [UInt8](repeating: 9, count: 16)
            let plain = Array("thirty-two bytes of plain text!!".utf8)

            // Shorter than an IV, or an IV alone: nothing to decrypt.
            #expect(CryptFilterMethod.aesDecrypt([1, 2, 3], key: key).isEmpty)
            #expect(CryptFilterMethod.aesDecrypt(iv, key: key).isEmpty)

            // Bad padding (the last byte says 0x11): every byte is kept.
            let badPadding = plain + [UInt8](repeating: 0x11, count: 16)
            let encrypted = iv + CryptoPrimitives.aesCBC(encrypt: true, key: key, iv: iv, badPadding)
            #expect(CryptFilterMethod.aesDecrypt(encrypted, key: key) == badPadding)

            // Not a whole number of blocks (a truncated stream): the whole blocks decrypt.
            let padded = plain + [UInt8](repeating: 16, count: 16)
            let truncated = iv + CryptoPrimitives.aesCBC(encrypt: true, key: key, iv: iv, padded) + [0xAB, 0xCD, 0xEF]
            #expect(CryptFilterMethod.aesDecrypt(truncated, key: key) == padded)
            let cut = Array(truncated.prefix(16 + 20))
            #expect(CryptFilterMethod.aesDecrypt(cut, key: key) == Array(plain.prefix(16)))

            // A key of the wrong length gives nothing rather than a crash.
            #expect(CryptFilterMethod.aesDecrypt(encrypted, key: [1, 2, 3]).isEmpty)
        }
    }
}
