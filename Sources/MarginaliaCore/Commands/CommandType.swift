// The command protocol's `type` names (docs/api.md, "Commands"): the one place they are
// spelled. EditorCommand's reading and writing of its JSON, and the engine's bridge when it
// makes a command, name a type through this enum; Tests/server/test_log_vocabulary_literals.py
// fails on a literal of the distinctive ones anywhere else.

/// The `type` of a command object, as the browser sends it and the server reads it.
///
/// The cases are in the order the protocol lists them (an unknown type's error names them in
/// this order).
public enum CommandType: String, CaseIterable, Sendable {
    case add = "add"
    case change = "change"
    case remove = "remove"
    case unlock = "unlock"
    case move = "move"
    case paste = "paste"
    case arrange = "arrange"
    case resize = "resize"
    case restyle = "restyle"
    case stroke = "stroke"
    case erase = "erase"
    case fill = "fill"
    case insertPage = "insertPage"
    case removePage = "removePage"
    case rotatePage = "rotatePage"
    case movePage = "movePage"
    case duplicatePages = "duplicatePages"
    case insertPages = "insertPages"
    case rotatePages = "rotatePages"
    case movePages = "movePages"
    case removePages = "removePages"
    case reply = "reply"
    case setState = "setState"
    case editReply = "editReply"
    case deleteReply = "deleteReply"
    case undo = "undo"
    case redo = "redo"
}
