import Synchronization

/// New annotation ids (`/NM`): random version 4 UUIDs in their usual text, lowercase
/// (`3f2b8c1e-9d4a-4e7b-8c2d-5a6f7e8d9c0b`).
///
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each one, three system
/// calls per annotation, which every stroke made on a server paid. These come from one
/// generator (xoshiro256**, 256 bits of state) seeded once from the system's random source:
/// its 122 random bits per id make a repeat as unlikely as among `UUID()`s, within one
/// process (its period is 2^256 - 1) and between processes (each seeded apart).
public enum AnnotationID {
    private static let generator = Mutex(Xoshiro256StarStar())

    /// A new id, lowercase.
    public static func make() -> String {
        let (high, low) = generator.withLock { state in (state.next(), state.next()) }
        return format(high: high, low: low)
    }

    /// The UUID text of 128 bits, with the version (4) and variant (10xx) bits set.
    static func format(high: UInt64, low: UInt64) -> String {
        let high = (high & ~0xF000) | 0x4000  // version 4: bits 48-51 of the UUID
        let low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // variant: bits 64-65 are 10
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            func put(_ value: UInt64, nibbles: Int) {
                for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                    buffer[at] = digits[Int((value >> UInt64(shift)) & 0xF)]
                    at += 1
                }
            }
            func dash() {
                buffer[at] = UInt8(ascii: "-")
                at += 1
            }
            put(high >> 32, nibbles: 8)
            dash()
            put(high >> 16, nibbles: 4)
            dash()
            put(high, nibbles: 4)
            dash()
            put(low >> 48, nibbles: 4)
            dash()
            put(low, nibbles: 12)
            return at
        }
    }
}

/// xoshiro256** (Blackman and Vigna, 2018), seeded from the system's random source.
struct Xoshiro256StarStar {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    init() {
        var system = SystemRandomNumberGenerator()
        repeat {
            s = (system.next(), system.next(), system.next(), system.next())
        } while s == (0, 0, 0, 0)  // the one state it never leaves
    }

    mutating func next() -> UInt64 {
        let result = rotate(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = rotate(s.3, 45)
        return result
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
