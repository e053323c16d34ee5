import Foundation
import Marginalia

/// `marginalia compact FILE -o OUT [--object-streams] [--password PW] [--remove-encryption]`
enum CompactCommand {
    static let help = """
        usage: marginalia compact FILE -o OUT [--object-streams] [--password PW] [--remove-encryption]

        Rewrites the whole file: objects no longer reachable are dropped, the rest are
        renumbered, uncompressed streams are compressed. An encrypted document stays
        encrypted with the same password unless --remove-encryption is given.

          -o, --output OUT      where to write; may be FILE itself (replaced atomically)
          --object-streams      pack objects into object streams with a cross-reference stream
          --password PW         the password of an encrypted document
          --remove-encryption   write an encrypted document without its encryption (it must
                                open: with --password, or without one when only an owner
                                password is set)
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let objectStreams = arguments.flag("--object-streams")
        let removesEncryption = arguments.flag("--remove-encryption")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let document = try openDocument(path, password: password)
        try save(document, to: output, compact: true, objectStreams: objectStreams, removesEncryption: removesEncryption)
    }
}
