#if canImport(Glibc)
import Foundation
import Glibc
import Synchronization
import Testing
@testable import MarginaliaServer

/// The allocator as `marginalia serve` sets it up (``ProcessMemory``): a buffer below the
/// mapping size, freed and taken again, is not given back to the system in between, so
/// touching it again costs no page faults (a stroke did that with a few hundred KiB).
@Suite("Process memory")
struct ProcessMemoryTests {
    /// Minor page faults of the calling thread so far.
    static func minorFaults() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1), which Glibc's module leaves out (it is declared under _GNU_SOURCE).
        _ = getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }

    /// The page faults of 20 rounds of taking, filling and freeing a buffer of `size` bytes,
    /// on a thread of their own (its own arena: no other test's memory lies above the buffer).
    static func faultsRefilling(_ size: Int) -> (faults: Int, checksum: Int) {
        let result = Mutex<(faults: Int, checksum: Int)>((0, 0))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var checksum = 0
            func useOnce() {
                guard let buffer = malloc(size) else { return }
                memset(buffer, 1, size)
                checksum += Int(buffer.load(fromByteOffset: size - 1, as: UInt8.self))
                free(buffer)
            }
            useOnce()
            let before = minorFaults()
            for _ in 0..<20 { useOnce() }
            let faults = minorFaults() - before
            result.withLock { $0 = (faults, checksum) }
            done.signal()
        }
        thread.start()
        done.wait()
        return result.withLock { $0 }
    }

    @Test func aFreedBufferBelowTheTrimSizeIsTouchedAgainWithoutFaults() throws {
        #expect(ProcessMemory.prepareForServing())
        // Below the mapping size (from the arena), above glibc's default trimming (128 KiB).
        let size = 600 * 1024
        #expect(size < ProcessMemory.mappedFrom && size < ProcessMemory.trimmedAbove)
        let (faults, checksum) = Self.faultsRefilling(size)
        #expect(checksum == 21)
        // Trimmed after each free, every round faults its ~150 pages in again: ~3,000.
        #expect(faults < 150, "\(faults) page faults in 20 rounds of a \(size)-byte buffer")
    }
}
#endif
