extension PDFDictionary {
    /// Builds a dictionary key by key as a parser reads it, without searching the keys so far
    /// by string for each new one.
    ///
    /// Each key comes with a ``tag`` the lexer made from its bytes; keys with different
    /// nonzero tags are different strings, so a new key is compared as a string only with the
    /// keys whose tag equals its own or is 0 (unknown). While no key repeats, no value is null
    /// and there are at most ``indexThreshold`` entries, entries are appended as they come;
    /// past any of those the builder hands over to the dictionary's own setter, so the result
    /// is always what setting the entries one by one gives: the last of a repeated key wins
    /// in the first one's place, and a null value removes the key.
    struct Builder {
        private var entries: [(key: String, value: PDFObject)] = []
        private var tags = Tags()
        /// The dictionary being built once the builder has handed over to the setter.
        private var handedOver: PDFDictionary?

        init() {}

        /// The number of keys held, as the finished dictionary will count them.
        var count: Int { handedOver?.count ?? entries.count }

        /// Sets `key` to `value`, as `dictionary[key] = value` would.
        mutating func set(_ key: String, tag: UInt64, to value: PDFObject) {
            if handedOver != nil {
                handedOver![key] = value
                return
            }
            if value.isNull || entries.count == PDFDictionary.indexThreshold || holds(key, tag: tag) {
                var dictionary = PDFDictionary(distinctEntries: entries)
                dictionary[key] = value
                handedOver = dictionary
                entries = []
                return
            }
            tags.set(entries.count, tag)
            entries.append((key, value))
        }

        /// Whether `key` is among the entries so far (only ever called while they number at
        /// most ``indexThreshold``, all of whose tags fit in `tags`).
        private func holds(_ key: String, tag: UInt64) -> Bool {
            for i in 0..<entries.count {
                let other = tags[i]
                if (other == tag || other == 0 || tag == 0) && PDFDictionary.sameKey(entries[i].key, key) { return true }
            }
            return false
        }

        /// The dictionary built.
        var dictionary: PDFDictionary { handedOver ?? PDFDictionary(distinctEntries: entries) }

        /// The tag of an ASCII name's bytes: its length (at most 255) in the top byte and its
        /// first seven bytes below, so two names of at most seven bytes have equal tags exactly
        /// when they are equal, and longer names with equal tags must be compared. 0 stands
        /// for a name whose tag is not known (escaped, not ASCII, or empty): it is compared with
        /// every key, since a name written with escapes (`#41`) or read as Latin-1 may be the
        /// same string as one of other bytes.
        static func tag(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            guard !bytes.isEmpty else { return 0 }
            var packed = UInt64(Swift.min(bytes.count, 255)) &<< 56
            for i in 0..<Swift.min(bytes.count, 7) { packed |= UInt64(bytes[i]) &<< UInt64(8 * i) }
            return packed
        }

        /// Room for the tags of ``indexThreshold`` entries, kept inline (no allocation).
        private struct Tags {
            private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                  UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
                = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

            subscript(i: Int) -> UInt64 {
                withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i &* 8, as: UInt64.self) }
            }

            mutating func set(_ i: Int, _ tag: UInt64) {
                precondition(i >= 0 && i < 16, "tag slot \(i) out of 0..<16")
                withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: tag, toByteOffset: i &* 8, as: UInt64.self) }
            }
        }
    }
}
