import Foundation
import Marginalia
import PDFCore

/// `marginalia signatures FILE [--json] [--trust CA.pem] [--password PW]`
enum SignaturesCommand {
    /// The largest `--trust` file read: 16 MiB of certificates.
    static let maximumTrustBytes = 16 << 20

    static let help = """
        usage: marginalia signatures FILE [--json] [--trust CA.pem] [--password PW]

        Checks the digital signatures of FILE (docs/signatures.md). For each signature field
        with a value: the field name, the signer (certificate subject), the signing time (/M
        and the CMS signingTime), the SubFilter, whether /ByteRange covers the whole file but
        the /Contents hole, whether the covered bytes are the ones signed (digest) and the CMS
        signature verifies, the chain against the PEM certificates of --trust (else not
        checked), the revision signed, the objects changed after it, and the DocMDP permission
        (P) when the signature certifies. Exits 1 when any signature is not intact.
        With --json, an array of objects (keys in docs/signatures.md).
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let json = arguments.flag("--json")
        let trustPath = try arguments.option("--trust")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        var trust: [UInt8]?
        if let trustPath {
            trust = Array(try readInput(trustPath, limit: maximumTrustBytes))
        }
        let document = try openDocument(path, password: password)
        let results = document.file.verifySignatures(trustAnchors: trust)
        if json {
            print(JSONValue.array(results.map(\.jsonRecord)).rendered())
        } else if results.isEmpty {
            print("no signatures")
        } else {
            for result in results { print(lines(result).joined(separator: "\n  ")) }
        }
        if results.contains(where: { !$0.isIntact }) {
            throw CommandFailure(description: "\(path): a signature is not intact", code: ExitCode.badInput)
        }
    }

    static func lines(_ result: PDFSignatureVerification) -> [String] {
        let signature = result.signature
        var lines = ["\(signature.fieldName): \(result.isIntact ? "intact" : "NOT INTACT")"]
        if let problem = result.problem { lines.append("problem: \(problem)") }
        lines.append("signer: \(result.signer ?? "(unknown)")")
        lines.append("subfilter: \(signature.subFilter ?? "(none)")")
        if let time = signature.signingTime { lines.append("time (/M): \(time)") }
        if let time = result.cmsSigningTime { lines.append("time (CMS signingTime): \(time)") }
        lines.append("byte range: \(signature.byteRange) " + (result.byteRange == nil ? "(invalid)"
            : result.coversWholeFile ? "(the whole file)" : "(the file up to byte \(result.byteRange?.end ?? 0))"))
        lines.append("digest: \(result.digestMatches ? "matches" : "DOES NOT MATCH")" +
                     (result.digestAlgorithm.map { " (\($0))" } ?? ""))
        lines.append("signature: \(result.signatureValid ? "valid" : "INVALID")")
        if result.hasTimestamp {
            let verdict = result.timestampValid == true ? "valid" : result.timestampValid == false ? "INVALID" : "unreadable"
            lines.append("timestamp: \(result.timestampTime ?? "(no time)") (\(verdict))")
        }
        switch result.chain {
        case .notChecked: lines.append("chain: not checked (no --trust)")
        case .trusted: lines.append("chain: trusted")
        case .untrusted(let reason): lines.append("chain: NOT TRUSTED (\(reason))")
        }
        if let revision = result.signedRevision { lines.append("revision: \(revision) of \(result.revisionCount)") }
        if let p = signature.docMDPPermission {
            lines.append("certifies: DocMDP P=\(p) (\(PDFCertification(fieldName: signature.fieldName, permission: p).allowedChanges))")
        }
        for change in result.laterChanges {
            lines.append("changed after: object \(change.object) \(change.kind.rawValue)" +
                         (change.detail.map { " \($0)" } ?? ""))
        }
        return lines
    }
}
