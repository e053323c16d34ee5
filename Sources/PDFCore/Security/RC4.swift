/// The RC4 stream cipher, used by the standard security handler for revisions 2 to 4
/// (ISO 32000-2, 7.6.3.2; deprecated in PDF 2.0 but still common in existing files).
///
/// RC4 is symmetric: the same call encrypts and decrypts. OpenSSL 3 moved RC4 to its
/// "legacy" provider, which is often not loaded, so the cipher is written out here.
struct RC4 {
    private var state: [UInt8]
    private var i: UInt8 = 0
    private var j: UInt8 = 0

    /// Prepares the cipher for `key`. An empty key is treated as a single zero byte, so that
    /// malformed input can never divide by zero.
    init(key: [UInt8]) {
        let key = key.isEmpty ? [0] : key
        state = (0...255).map { UInt8($0) }
        var j: UInt8 = 0
        for i in 0..<256 {
            j = j &+ state[i] &+ key[i % key.count]
            state.swapAt(i, Int(j))
        }
    }

    /// Runs the key stream over `bytes`, advancing the cipher state.
    mutating func process(_ bytes: [UInt8]) -> [UInt8] {
        var output = bytes
        for index in output.indices {
            i = i &+ 1
            j = j &+ state[Int(i)]
            state.swapAt(Int(i), Int(j))
            let k = state[Int(state[Int(i)] &+ state[Int(j)])]
            output[index] ^= k
        }
        return output
    }

    /// Encrypts or decrypts `bytes` with a fresh cipher keyed with `key`.
    static func apply(key: [UInt8], to bytes: [UInt8]) -> [UInt8] {
        var cipher = RC4(key: key)
        return cipher.process(bytes)
    }
}
