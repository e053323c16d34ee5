// When `serve` leaves glibc's trim threshold to the environment: the two ways glibc reads it
// (docs/deploy.md, "The allocator"), and near misses that are not it.
import Testing
@testable import MarginaliaServer

@Suite("The allocator's settings left to the environment")
struct ProcessMemoryTests {
    @Test func theTrimThresholdIsTheEnvironmentsWhenItSetsIt() {
        #expect(ProcessMemory.environmentSetsTrimThreshold(["MALLOC_TRIM_THRESHOLD_": "131072"]))
        #expect(ProcessMemory.environmentSetsTrimThreshold(["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=131072"]))
        #expect(ProcessMemory.environmentSetsTrimThreshold(
            ["GLIBC_TUNABLES": "glibc.malloc.check=0:glibc.malloc.trim_threshold=0:glibc.malloc.arena_max=2"]))
    }

    @Test func otherSettingsLeaveItToServe() {
        #expect(!ProcessMemory.environmentSetsTrimThreshold([:]))
        #expect(!ProcessMemory.environmentSetsTrimThreshold(["MALLOC_TRIM_THRESHOLD": "131072"]))  // no trailing underscore
        #expect(!ProcessMemory.environmentSetsTrimThreshold(["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=131072"]))
        #expect(!ProcessMemory.environmentSetsTrimThreshold(["GLIBC_TUNABLES": "xglibc.malloc.trim_threshold=1"]))
        #expect(!ProcessMemory.environmentSetsTrimThreshold(["PATH": "glibc.malloc.trim_threshold=1"]))
    }
}
