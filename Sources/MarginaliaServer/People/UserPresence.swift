import Foundation
import Synchronization

/// Whether a store has users, asked before every request (``AccessControl``) and answered
/// without asking the store while the answer cannot have changed: once a store has a user it
/// has one for good (users are revoked, never removed), and a data folder's first user is
/// announced by a flag file written before the user is committed (``announce()``, by
/// ``SQLiteDocumentStore/addUser(_:tokenHash:)`` in whichever process adds it: `marginalia
/// users add` runs beside the server). So a store without users costs a request one `access`
/// call instead of a query under the store's lock, and a user added by another process is seen
/// by the next request after the command returns.
final class UserPresence: Sendable {
    /// What the store answered last: nil before it was asked.
    private let known = Mutex<Bool?>(nil)
    /// The flag file (`DATA/users.flag`); nil for a store whose users only this process
    /// adds, which then asks the store until it has one.
    let flag: URL?

    init(flag: URL?) {
        self.flag = flag
    }

    /// Whether the store has users: `query` asks it, unless that cannot have changed.
    func hasUsers(query: () throws -> Bool) throws -> Bool {
        switch known.withLock({ $0 }) {
        case true?: return true
        case false?:
            // No user when last asked, and none announced since: still none.
            if let flag, access(flag.path, F_OK) != 0 { return false }
        case nil:
            break
        }
        let found = try query()
        known.withLock { $0 = found }
        return found
    }

    /// Announces a user about to be committed: every process that reads the store asks it
    /// again from now on (until it finds the user). Call before committing the user.
    ///
    /// - Throws: ``StoreError/io(path:message:)`` when the flag cannot be written: the user
    ///   must not be added then, as a running server would not see them.
    func announce() throws {
        guard let flag, access(flag.path, F_OK) != 0 else { return }
        do {
            try Data().write(to: flag, options: .atomic)
        } catch {
            throw StoreError.io(path: flag.path, message: "cannot write the flag of a store with users (\(error.localizedDescription))")
        }
    }
}
