import Foundation
import MarginaliaEditor

/// The permission a command needs (docs/api.md, "People and roles"): replies and review
/// states are comments; everything else, undo, redo and unlocking included, is editing.
/// `POST …/commands` lets commenters in (``Permission/comment``) and then checks here.
enum CommandPermission {
    /// What `change` needs.
    static func needed(_ change: ApplyRequest.Change) -> (permission: Permission, name: String) {
        switch change {
        case .undo: return (.edit, CommandType.undo.rawValue)
        case .redo: return (.edit, CommandType.redo.rawValue)
        case .command(let command):
            switch command {
            case .reply, .setState, .editReply, .deleteReply: return (.comment, command.typeName)
            default: return (.edit, "this command")
            }
        }
    }

    /// Checks that `caller` may ask for `change` (the body of `POST …/commands`, decoded once
    /// by the route), and may view the document an `insertPages` copies from.
    ///
    /// - Throws: a 403 ``APIError`` naming the command and the permission (or the source
    ///   document).
    static func check(_ change: ApplyRequest.Change, _ parameters: RouteParameters) throws {
        let caller = parameters.caller
        guard caller.name != nil else { return }
        let needed = needed(change)
        try caller.require(needed.permission, for: "the command \(needed.name)")
        if case .command(.insertPages(_, .document(let source), _)) = change {
            guard try parameters.access.role(of: parameters.signedIn, on: source)?.grants(.view) == true else {
                throw APIError.forbidden("insertPages: document \(source) is not shared with '\(caller.name ?? "")'")
            }
        }
    }
}
