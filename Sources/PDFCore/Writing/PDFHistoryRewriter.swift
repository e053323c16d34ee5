/// Rewrites the revision history of a file so that only chosen versions remain in its bytes.
///
/// A file saved incrementally holds every earlier version as a prefix of its bytes (7.5.6):
/// what an earlier version held stays readable in the file even after a later one removed
/// it. To forget versions for good, the first version kept becomes a new base, written anew
/// (``PDFWriteOptions/Mode/compact``'s reachable objects, but under their own object numbers),
/// or is kept byte for byte when it must be (a signed version, whose signature covers its
/// bytes); each later version kept is then appended to it as one incremental update holding
/// what changed since the version kept before it. Each rewritten version shows what the
/// original one showed, object for object under the same numbers; the bytes of the versions
/// left out, and of objects no kept version reaches, are gone.
public enum PDFHistoryRewriter {
    /// The rewritten bytes and, for each version kept, its length in them (the last is the
    /// whole file).
    public struct Result: Sendable, Equatable {
        public var bytes: [UInt8]
        public var lengths: [Int]
    }

    /// Rewrites `versions` (each one's bytes a prefix of the next one's) into one file.
    ///
    /// - Parameters:
    ///   - versions: the versions to keep, oldest first; at least one.
    ///   - keepsFirstAsItIs: the first version's bytes become the new file's first bytes
    ///     unchanged (a signed version); otherwise it is written anew.
    ///   - password: opens encrypted versions (which stay encrypted with the same key).
    ///   - limits: what reading each version may cost.
    /// - Throws: ``PDFError/invalidArgument(_:)`` for no versions or a version that does not
    ///   extend the one before it; what reading a version throws.
    public static func rewrite(_ versions: [[UInt8]], keepsFirstAsItIs: Bool = false, password: String? = nil,
                               limits: PDFLimits = .default) throws -> Result {
        guard let first = versions.first else { throw PDFError.invalidArgument("no version to keep") }
        for (earlier, later) in zip(versions, versions.dropFirst()) where later.count < earlier.count
            || !later.starts(with: earlier) {
            throw PDFError.invalidArgument("a version of \(later.count) bytes does not extend the one before it (\(earlier.count) bytes)")
        }
        func open(_ bytes: [UInt8]) throws -> PDFFile {
            try PDFFile(source: ByteSource(bytes: bytes), password: password, limits: limits)
        }
        var previous = try open(first)
        var out = keepsFirstAsItIs ? first : try FullWriter(file: previous, keepsNumbers: true).write()
        var lengths = [out.count]
        // The numbers the rewritten file holds an object under (what a later version may
        // rely on without changing it).
        var written = Set(try FullWriter(file: previous).reachableObjects().0)
        for bytes in versions.dropFirst() {
            let current = try open(bytes)
            let target = try open(out)
            let reachable = try FullWriter(file: current).reachableObjects().0
            for number in reachable {
                let entry = current.crossReference.entries[number]
                guard !written.contains(number) || entry != previous.crossReference.entries[number] else { continue }
                let reference = PDFReference(number, current.generation(of: number))
                target.update(reference, with: try current.object(for: reference))
                written.insert(number)
            }
            for number in written.sorted() {
                if case .free = current.crossReference.entries[number] ?? .free(nextGeneration: 0) {
                    target.delete(PDFReference(number, target.generation(of: number)))
                    written.remove(number)
                }
            }
            for key in ["Root", "Info"] where current.trailer[key] != previous.trailer[key] {
                target.setTrailer(key, current.trailer[key] ?? .null)
            }
            out = try IncrementalWriter(file: target).write()
            lengths.append(out.count)
            previous = current
        }
        return Result(bytes: out, lengths: lengths)
    }
}
