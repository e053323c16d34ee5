/// A range of a font file's bytes read as big-endian numbers (OpenType, "Data types"), every
/// read checked against the range: reading past its end throws
/// ``FontError/damagedTable(tag:reason:)`` naming the table, so that no font data can trap.
struct FontBytes: Sendable {
    /// The whole file, shared by every range cut from it.
    let storage: [UInt8]
    /// Where the range starts in `storage`.
    let start: Int
    /// The number of bytes in the range.
    let count: Int
    /// The tag of the table the range holds, named in errors.
    let tag: String

    /// The whole of `storage`.
    init(_ storage: [UInt8], tag: String) {
        self.storage = storage
        self.start = 0
        self.count = storage.count
        self.tag = tag
    }

    private init(storage: [UInt8], start: Int, count: Int, tag: String) {
        self.storage = storage
        self.start = start
        self.count = count
        self.tag = tag
    }

    // MARK: - Reads

    func uint8(at offset: Int) throws -> UInt8 {
        try check(offset, 1)
        return storage[start + offset]
    }

    func uint16(at offset: Int) throws -> UInt16 {
        try check(offset, 2)
        let i = start + offset
        return UInt16(storage[i]) << 8 | UInt16(storage[i + 1])
    }

    func int16(at offset: Int) throws -> Int16 {
        Int16(bitPattern: try uint16(at: offset))
    }

    func uint32(at offset: Int) throws -> UInt32 {
        try check(offset, 4)
        let i = start + offset
        return UInt32(storage[i]) << 24 | UInt32(storage[i + 1]) << 16 | UInt32(storage[i + 2]) << 8 | UInt32(storage[i + 3])
    }

    func int32(at offset: Int) throws -> Int32 {
        Int32(bitPattern: try uint32(at: offset))
    }

    /// The four characters of a tag at `offset` (bytes outside ASCII shown as `?`).
    func fourCharacterTag(at offset: Int) throws -> String {
        try check(offset, 4)
        let i = start + offset
        return String(decoding: storage[i..<i + 4].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
    }

    /// The bytes `offset..<offset + length` of the range, as a range of their own.
    func range(_ offset: Int, length: Int, tag: String? = nil) throws -> FontBytes {
        try check(offset, length)
        return FontBytes(storage: storage, start: start + offset, count: length, tag: tag ?? self.tag)
    }

    /// The bytes `offset..<offset + length` copied out.
    func bytes(_ offset: Int, length: Int) throws -> [UInt8] {
        try check(offset, length)
        return Array(storage[(start + offset)..<(start + offset + length)])
    }

    /// Every byte of the range, copied out.
    var allBytes: [UInt8] { Array(storage[start..<(start + count)]) }

    /// Throws unless `offset..<offset + length` lies inside the range.
    func check(_ offset: Int, _ length: Int) throws {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw FontError.damagedTable(tag: tag, reason: "\(length) bytes at offset \(offset) pass its end (\(count) bytes)")
        }
    }

    /// A ``FontError/damagedTable(tag:reason:)`` for this table.
    func damaged(_ reason: String) -> FontError {
        FontError.damagedTable(tag: tag, reason: reason)
    }
}
