import Foundation
import Marginalia
import PDFCore

/// `marginalia sign FILE -o OUT --p12 CERT.p12 [--password-file F] ...`
enum SignCommand {
    static let help = """
        usage: marginalia sign FILE -o OUT --p12 CERT.p12 [--password-file F]
                               [--field NAME | --page N --rect x1,y1,x2,y2] [--name N]
                               [--reason R] [--location L] [--certify none|fill|annotate]
                               [--timestamp URL] [--image SIG.png]

        Signs FILE with the key and certificate of a PKCS#12 file and writes OUT
        (docs/signatures.md): an incremental update (FILE's bytes stay as they are, so
        earlier signatures hold) with a PAdES baseline B-B signature (/ETSI.CAdES.detached,
        SHA-256, ESS signing-certificate-v2, the certificates of the PKCS#12 file).
          --field NAME       sign the empty signature field NAME
          --page N --rect    a new field on page N (1-based), visible in the rectangle
                             x1,y1,x2,y2 (points, page space), showing the name, the date,
                             the reason and the location
          (neither)          a new invisible signature field
          --password-file F  the PKCS#12 password, first line of F ('-' or no option: the
                             first line of standard input); never on the command line
          --certify P        a certification signature (DocMDP): none (no change
                             allowed), fill (form filling and signing) or annotate (also
                             annotations); it must be the document's first signature
          --timestamp URL    PAdES baseline B-T: a signature time-stamp (RFC 3161) over the
                             signature, asked of the time-stamp authority at URL (http://,
                             within 30 s) and added to the CMS
          --image SIG.png    a handwritten signature's picture (PNG, its transparency
                             kept, or JPEG; at most 4 MB) at the left of a visible
                             signature's appearance, beside its text
          --name, --reason, --location  the /Name, /Reason and /Location of the signature
        Encrypted files are refused.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        guard let p12Path = try arguments.option("--p12") else { throw UsageError("missing --p12 CERT.p12") }
        let passwordFile = try arguments.option("--password-file")
        let field = try arguments.option("--field")
        let pageText = try arguments.option("--page")
        let rectText = try arguments.option("--rect")
        let name = try arguments.option("--name")
        let reason = try arguments.option("--reason")
        let location = try arguments.option("--location")
        let certification = try arguments.option("--certify").map(parseCertification)
        let timestamp = try arguments.option("--timestamp").map { try TimestampClient.parseURL($0) }
        let imagePath = try arguments.option("--image")
        if try arguments.option("--password") != nil {
            throw UsageError("--password is not taken: give the PKCS#12 password with --password-file or on standard input")
        }
        let path = try arguments.singleInput()
        let p12 = try readInput(p12Path, limit: InputFile.smallFileLimit)
        let image = try imagePath.map(readImage)
        let document = try openDocument(path, password: nil)
        let placement: SignatureRequest.Placement
        switch (field, pageText, rectText) {
        case (let field?, nil, nil): placement = .field(field)
        case (nil, let page?, let rect?):
            let index = try parsePageNumber(Substring(page), option: "--page") - 1
            placement = .page(pageIndex: index, rect: try parseRect(rect), name: nil)
        case (nil, nil, nil): placement = .invisible(name: nil)
        default: throw UsageError("give --field NAME, or --page N with --rect x1,y1,x2,y2, or neither")
        }
        if image != nil, case .invisible = placement {
            throw UsageError("--image needs a visible signature: --page N with --rect x1,y1,x2,y2, or --field NAME")
        }
        let request = SignatureRequest(pkcs12: Array(p12), password: try readPassword(passwordFile), placement: placement,
                                       name: name, reason: reason, location: location, certification: certification,
                                       timestamp: timestamp.map(TimestampClient.transport), image: image)
        do {
            let data = try document.signedData(request)
            try AtomicFileWriter.write(data, to: output)
        } catch SignatureError.timestamp(let reason) {
            let authority = timestamp?.absoluteString ?? "the time-stamp authority"
            throw CommandFailure(description: "\(path): the signature time-stamp from \(authority): \(reason)", code: ExitCode.badInput)
        } catch let error as SignatureError {
            throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
        } catch let error as PDFError {
            throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
        }
    }

    /// The largest `--image` file read, in bytes.
    static let maximumImageBytes = 4 << 20

    /// The `--image` file: at most ``maximumImageBytes`` (its kind is checked when it is drawn).
    static func readImage(_ path: String) throws -> Data {
        try readInput(path, limit: maximumImageBytes)
    }

    static func parseCertification(_ text: String) throws -> SignatureRequest.Certification {
        switch text {
        case "none": return .noChanges
        case "fill": return .formFilling
        case "annotate": return .annotations
        default: throw UsageError("--certify takes none, fill or annotate, not '\(text)'")
        }
    }

    /// `x1,y1,x2,y2`: four finite numbers with x1 < x2 and y1 < y2.
    static func parseRect(_ text: String) throws -> CGRect {
        let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
              [x1, y1, x2, y2].allSatisfy({ $0.isFinite && abs($0) <= 14_400 }), x1 < x2, y1 < y2 else {
            throw UsageError("--rect takes x1,y1,x2,y2: four numbers within ±14400 with x1 < x2 and y1 < y2, not '\(text)'")
        }
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// The first line of the password file, or of standard input for `-` or none.
    static func readPassword(_ path: String?) throws -> String {
        let data: Data
        if let path, path != "-" {
            data = try readInput(path, limit: InputFile.smallFileLimit)
        } else {
            do {
                data = try InputFile.read(descriptor: STDIN_FILENO, path: "standard input", limit: InputFile.smallFileLimit)
            } catch {
                throw CommandFailure(description: "the password: \(error)", code: ExitCode.badInput)
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    }
}
