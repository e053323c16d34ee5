import CCrypto
import Testing
@testable import PDFCore

/// ``MD5`` against RFC 1321's test suite, digests Python's hashlib computed (an outside
/// implementation) for lengths on both sides of every padding boundary, and OpenSSL's
/// libcrypto on random bytes of many lengths, at aligned and unaligned addresses.
@Suite("MD5")
struct MD5Tests {
    @Test("RFC 1321, A.5", arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfcVectors(input: String, expected: String) {
        #expect(SecurityHex.string(MD5.digest(Array(input.utf8))) == expected)
        #expect(SecurityHex.string(CryptoPrimitives.md5(Array(input.utf8))) == expected)
    }

    /// Byte i is (31 i + 7) mod 256; digests from `hashlib.md5`.
    @Test("lengths around the padding boundaries", arguments: [
        (1, "89e74e640b8c46257a29de0616794d5d"),
        (55, "c9e512626618c9980ef21a96597af94c"),
        (56, "ecde7caa08e9f5657c863df107cac60a"),
        (57, "b17b1a018dd6a4d1edda8aca15f17846"),
        (63, "2f0301069e1c40af7f6c8f843b1b13f2"),
        (64, "b6bf87c24b1bc334e2541387a92b981b"),
        (65, "f168246f08b6134d66bd2a10343fa9f1"),
        (127, "27670172396247fa5f68637f13f8933d"),
        (128, "3e85b70ffc8df5c735ecf2a8f14f1bee"),
        (1000, "2b1e78d5765de9e10495a01412a1cf22"),
        (100_000, "7354f16d06a013232daa23cfa7a092df"),
    ])
    func lengths(count: Int, expected: String) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(SecurityHex.string(MD5.digest(bytes)) == expected)
    }

    /// libcrypto's MD5 of `bytes` (`EVP_md5`, loaded on first use), the reference the
    /// unrolled rounds are held to.
    private func libcryptoMD5(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        let status = output.withUnsafeMutableBufferPointer { out in
            EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress, &length, EVP_md5(), nil)
        }
        #expect(status == 1 && length == 16)
        return output
    }

    /// Every length from 0 to 300 (each tail and padding case, one to five blocks) and 200
    /// random lengths up to 70,000, random bytes from a fixed seed, digested from offset 0
    /// and from offset 1 (words loaded unaligned): each equals libcrypto's digest.
    @Test("random bytes of many lengths equal libcrypto's MD5")
    func randomAgainstLibcrypto() {
        var generator = SplitMix64(seed: 0x5EED_36C)
        var lengths = Array(0...300)
        for _ in 0..<200 { lengths.append(Int(generator.next() % 70_000)) }
        for length in lengths {
            let bytes = (0...length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            bytes.withUnsafeBytes { raw in
                let aligned = UnsafeRawBufferPointer(rebasing: raw[0..<length])
                let unaligned = UnsafeRawBufferPointer(rebasing: raw[1...])
                #expect(MD5.digest(aligned) == libcryptoMD5(aligned), "length \(length)")
                #expect(MD5.digest(unaligned) == libcryptoMD5(unaligned), "length \(length), unaligned")
            }
            #expect(MD5.digest(bytes) == bytes.withUnsafeBytes { libcryptoMD5($0) }, "length \(length + 1), array")
        }
    }
}

