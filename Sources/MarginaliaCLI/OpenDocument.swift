import Foundation
import Marginalia

/// The documents a command opened. A command ends the process (main.swift calls `exit`), so
/// they are kept to the end rather than freed object by object on the way out: freeing every
/// parsed object of a large file cost `flatten` a twentieth of its time for nothing.
nonisolated(unsafe) private var documentsKeptUntilExit: [PDFDocument] = []

/// Other inputs a command read, kept to the end for the same reason (the parsed annotation
/// JSON of `annotate`: one array per point).
nonisolated(unsafe) private var inputsKeptUntilExit: [Any] = []

/// Keeps `input` until the process exits instead of freeing it when the command is done with it.
func keepUntilExit(_ input: Any) {
    inputsKeptUntilExit.append(input)
}

/// The bytes of a file a command was given (a regular file, a named pipe, `<(…)`), at most
/// `limit` of them; a failure names the file and why.
func readInput(_ path: String, limit: Int) throws -> Data {
    do {
        return try InputFile.read(path, limit: limit)
    } catch {
        throw CommandFailure(description: error.description, code: ExitCode.badInput)
    }
}

/// Opens the input file of a command with the limits of ``LimitsSetting``, turning a
/// missing password into a clear failure.
func openDocument(_ path: String, password: String?) throws -> PDFDocument {
    let limits = try LimitsSetting.current()
    do {
        let document = try PDFDocument(url: URL(fileURLWithPath: path), password: password, limits: limits)
        documentsKeptUntilExit.append(document)
        return document
    } catch PDFError.passwordRequired {
        let message = password == nil
            ? "\(path): the document is encrypted: give its password with --password"
            : "\(path): the password is wrong: the document is encrypted and this password does not open it"
        throw CommandFailure(description: message, code: ExitCode.badInput)
    } catch let error as PDFError {
        throw CommandFailure(description: error.description.hasPrefix(path) ? error.description : "\(path): \(error)",
                             code: ExitCode.badInput)
    }
}

/// Writes `document` to `output` (which may be the input), incrementally unless `compact`;
/// `removesEncryption` (compact only) writes an encrypted document in the clear. A compact
/// rewrite of a signed document throws (``PDFFile/checkRewriteKeepsSignatures()``), and so
/// do changes a certification does not allow (``PDFFile/checkCertificationAllowsChanges()``).
func save(_ document: PDFDocument, to output: String, compact: Bool, objectStreams: Bool = false,
          removesEncryption: Bool = false) throws {
    let options = PDFWriteOptions(mode: compact ? .compact : .incremental, useObjectStreams: objectStreams,
                                  removesEncryption: removesEncryption)
    do {
        // A rewrite moves the bytes signatures cover (docs/signatures.md): refused, one rule
        // for compact, fill, annotate, flatten and pages alike; except that removing the
        // encryption, which only a rewrite can do, is asked for by name: it is done, and said.
        if compact {
            do {
                try document.file.checkRewriteKeepsSignatures()
            } catch SignatureError.rewriteBreaksSignatures(let fields) where removesEncryption {
                CommandLineTool.printError("marginalia: warning: the signatures of \(fields.joined(separator: ", ")) do not "
                                           + "verify in \(output): removing the encryption rewrites the bytes they cover")
            }
        }
        try document.file.checkCertificationAllowsChanges()
        try document.write(to: URL(fileURLWithPath: output), options: options)
    } catch let error as SignatureError {
        throw CommandFailure(description: error.description, code: ExitCode.badInput)
    } catch let error as PDFError {
        throw CommandFailure(description: error.description, code: ExitCode.badInput)
    }
}
