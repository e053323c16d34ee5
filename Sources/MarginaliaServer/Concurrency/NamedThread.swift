#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension Thread {
    /// A thread, not yet started, that runs `body` under `name` as the kernel knows it (in
    /// /proc/PID/task/TID/comm, `top -H`, `perf`), so that its wake-ups can be counted apart.
    /// Foundation's `name`, set before the start, does not reach the kernel on Linux, which
    /// also refuses a name longer than 15 bytes: keep names within that.
    public static func named(_ name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let thread = Thread {
            #if canImport(Glibc)
            // What pthread_setname_np does, which Swift does not import from glibc.
            let file = open("/proc/thread-self/comm", O_WRONLY)
            if file >= 0 {
                _ = name.withCString { write(file, $0, strlen($0)) }
                close(file)
            }
            #endif
            body()
        }
        thread.name = name
        return thread
    }
}
