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

    /// Sets the allocator up for serving: allocations of ``mappedFrom`` bytes or more mapped
    /// on their own, whatever was freed before. Called once, when `marginalia serve` starts.
    ///
    /// - Returns: whether the C library took the setting (only glibc's does).
    @discardableResult
    public static func prepareForServing() -> Bool {
        marginalia_malloc_map_from(mappedFrom) == 1
    }
}
