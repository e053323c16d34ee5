import CMalloc

/// How the server's process sets up its allocator, so that the memory it holds stays near
/// what its ``MemoryBudget`` counts.
///
/// The budget counts what heavy work holds while it runs; once the work ends, its reservation
/// goes back to the budget. glibc's allocator, left to itself, keeps much of what was freed:
/// after each large free it raises the size from which it maps an allocation of its own (up
/// to 32 MiB), so later buffers below that come from its arenas, one per thread, which keep
/// them once freed. Eight requests decoding and drawing at once then left the process
/// hundreds of megabytes above its budget, freed but resident, and over its bound
/// (docs/server-robustness.md, "Memory").
public enum ProcessMemory {
    /// Allocations of this size or more get a mapping of their own, unmapped when freed.
    public static let mappedFrom = 1 << 20

    /// Free space at the top of an arena is given back to the system once it exceeds this:
    /// twice ``mappedFrom``, where glibc's own rule would have put it for that mapping size.
    ///
    /// Setting the mapping size leaves glibc's trimming at 128 KiB, and a stroke frees a few
    /// hundred KiB on its handler's thread (the SQLite statement's buffers, the written PDF
    /// objects): each stroke gave them back with `madvise` and touched them again at once, 13
    /// page faults and 1.5 system calls a stroke at 500 strokes a second (docs/benchmarks.md,
    /// "a stroke's kernel time"). An arena now keeps at most this much free at its top.
    public static let trimmedAbove = 2 * mappedFrom

    /// Sets the allocator up for serving: allocations of ``mappedFrom`` bytes or more mapped
    /// on their own, whatever was freed before, and free space at an arena's top kept up to
    /// ``trimmedAbove``. Called once, when `marginalia serve` starts.
    ///
    /// - Returns: whether the C library took both settings (only glibc's does).
    @discardableResult
    public static func prepareForServing() -> Bool {
        let mapped = marginalia_malloc_map_from(mappedFrom) == 1
        let trimmed = marginalia_malloc_trim_above(trimmedAbove) == 1
        return mapped && trimmed
    }
}
