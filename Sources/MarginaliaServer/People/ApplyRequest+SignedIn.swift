import Foundation
import MarginaliaEditor

extension ApplyRequest {
    /// The request as sent by the signed-in user `name`: the author of the log entries it
    /// makes, and of the replies, review states and strokes it carries, whatever the client
    /// wrote there. A user can so only edit or delete their own replies (the engine compares
    /// authors), and no one can sign a change with another's name.
    public func signed(by name: String) -> ApplyRequest {
        var signed = self
        signed.author = name
        if case .command(let command) = change {
            signed.change = .command(command.signed(by: name))
        }
        return signed
    }
}

extension EditorCommand {
    /// The command with `name` in every author field it has (``ApplyRequest/signed(by:)``).
    func signed(by name: String) -> EditorCommand {
        switch self {
        case .reply(var reply):
            reply.author = name
            return .reply(reply)
        case .setState(var change):
            change.author = name
            return .setState(change)
        case .editReply(let id, let text, _):
            return .editReply(id: id, text: text, author: name)
        case .deleteReply(let id, _):
            return .deleteReply(id: id, author: name)
        case .stroke(var stroke):
            stroke.author = name
            return .stroke(stroke)
        default:
            return self
        }
    }
}
