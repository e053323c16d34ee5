import CMalloc
import Foundation

/// How the server's process sets up its allocator, so that the memory it holds stays near
/// what its ``MemoryBudget`` counts, and a request does not pay for pages the one before gave
/// back.
///
/// The budget counts what heavy work holds while it runs; once the work ends, its reservation
/// goes back to the budget. glibc's allocator, left to itself, keeps much of what was freed:
/// after each large free it raises the size from which it maps an allocation of its own (up
/// to 32 MiB), so later buffers below that come from its arenas, one per thread, which keep
/// them once freed. Eight requests decoding and drawing at once then left the process
/// hundreds of megabytes above its budget, freed but resident, and over its bound
/// (docs/server-robustness.md, "Memory").
///
/// At the other end, glibc gives the free top of an arena back to the system as soon as it
/// passes 128 KiB (`madvise`), and the next request faults those pages in again: at 500
/// strokes a second over 128 connections, 9-13 page faults a stroke. ``trimmedAbove`` keeps a
/// little more (docs/deploy.md, "The allocator").
public enum ProcessMemory {
    /// Allocations of this size or more get a mapping of their own, unmapped when freed.
    public static let mappedFrom = 1 << 20

    /// The free memory at the top of an arena is given back to the system once it exceeds
    /// this: at most this much a thread's arena keeps unused.
    public static let trimmedAbove = 2 << 20

    /// Sets the allocator up for serving: allocations of ``mappedFrom`` bytes or more mapped
    /// on their own, whatever was freed before, and an arena's free top given back above
    /// ``trimmedAbove`` unless `environment` sets glibc's trim threshold itself (see
    /// ``environmentSetsTrimThreshold(_:)``). Called once, when `marginalia serve` starts.
    ///
    /// - Returns: whether the C library took the mapping setting (only glibc's does).
    @discardableResult
    public static func prepareForServing(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let mapped = marginalia_malloc_map_from(mappedFrom) == 1
        if !environmentSetsTrimThreshold(environment) {
            _ = marginalia_malloc_trim_above(trimmedAbove)
        }
        return mapped
    }

    /// Whether `environment` sets glibc's trim threshold, by `MALLOC_TRIM_THRESHOLD_` or by
    /// `glibc.malloc.trim_threshold` among the colon-separated `GLIBC_TUNABLES`: glibc has
    /// then read it at start, and ``prepareForServing(environment:)`` leaves it as it is.
    public static func environmentSetsTrimThreshold(_ environment: [String: String]) -> Bool {
        if environment["MALLOC_TRIM_THRESHOLD_"] != nil { return true }
        guard let tunables = environment["GLIBC_TUNABLES"] else { return false }
        return tunables.split(separator: ":").contains { $0.hasPrefix("glibc.malloc.trim_threshold=") }
    }
}
