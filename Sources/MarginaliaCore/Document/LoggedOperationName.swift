// The names of the operation log's steps (docs/operations.md): the one place they are
// spelled. The log's writer and reader (MarginaliaEditor's EditorOperation+JSON), the server's
// test for version 1 entries (OpenDocuments.isLogVersion1) and the engine's reading of the log
// (AnnotationStore+Log) all name an operation through this enum;
// Tests/server/test_log_vocabulary_literals.py fails on a literal anywhere else.

/// The name of one step of the operation log: its `op` in version 2 of the log's JSON, the
/// one key of its object in version 1.
///
/// Raw values are the JSON as written; they never change, because logs outlive the code that
/// wrote them.
public enum LoggedOperationName: String, CaseIterable, Sendable {
    case addAnnotation = "addAnnotation"
    case removeAnnotation = "removeAnnotation"
    case changeAnnotation = "changeAnnotation"
    case arrangeAnnotation = "arrangeAnnotation"
    case insertPage = "insertPage"
    case removePage = "removePage"
    case restorePage = "restorePage"
    case rotatePage = "rotatePage"
    case movePage = "movePage"
    case copyPages = "copyPages"
    case fillField = "fillField"
    case group = "group"
}
