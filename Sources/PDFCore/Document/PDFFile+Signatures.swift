extension PDFFile {
    /// Where each signature in the form ends: for every signature field whose value has a
    /// `/ByteRange` (12.8.1), the offset just past the last byte it covers. A signature
    /// covers the file as it was when signed, so the version of that length is the signed
    /// one, and every byte before that end must stay as it is for the signature to hold.
    ///
    /// Damaged form entries are skipped; the walk goes at most ``PDFLimits/maxTreeDepth``
    /// levels of `/Kids` deep and visits each field once.
    public func signatureCoverage() -> [Int] {
        guard let form = try? dictionary(try catalog()["AcroForm"]),
              let fields = try? resolve(form["Fields"] ?? .null).arrayValue else { return [] }
        var ends: [Int] = []
        var seen = Set<Int>()
        func visit(_ field: PDFObject, inheritedType: String?, depth: Int) {
            guard depth <= limits.maxTreeDepth else { return }
            if case .reference(let reference) = field, !seen.insert(reference.number).inserted { return }
            guard let dictionary = try? self.dictionary(field) else { return }
            let type = dictionary["FT"]?.nameValue ?? inheritedType
            if type == "Sig", let value = try? self.dictionary(dictionary["V"]),
               let range = try? resolve(value["ByteRange"] ?? .null).arrayValue, range.count >= 4, range.count % 2 == 0 {
                let pairs = stride(from: 0, to: range.count, by: 2).compactMap { index -> Int? in
                    guard let start = range[index].integerValue, let length = range[index + 1].integerValue,
                          start >= 0, length >= 0 else { return nil }
                    return start + length
                }
                if let end = pairs.max() { ends.append(end) }
            }
            for kid in (try? resolve(dictionary["Kids"] ?? .null).arrayValue) ?? [] {
                visit(kid, inheritedType: type, depth: depth + 1)
            }
        }
        for field in fields { visit(field, inheritedType: nil, depth: 0) }
        return ends.sorted()
    }
}
