import Foundation
import Marginalia

// The service's answers as the routes send them: each carries the revision it was read at.

extension UploadInfo: RevisionCarrying {}
extension PageTextRecord: RevisionCarrying {}
extension ServiceError: APIErrorConvertible {}
extension DocumentSummary: RevisionCarrying {}
extension ApplyResult: RevisionCarrying {}
extension OperationLog: RevisionCarrying {}
extension AnnotationList: RevisionCarrying {}
extension OpeningAnnotationList: RevisionCarrying {}
extension FieldList: RevisionCarrying {}
extension FieldSizes: RevisionCarrying {}
extension DocumentVersion: RevisionCarrying {}
extension VersionList: RevisionCarrying {}
