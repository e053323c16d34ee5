import Foundation
import Marginalia

/// `marginalia check FILE [--password PW]`
enum CheckCommand {
    static let help = """
        usage: marginalia check FILE [--password PW]

        Reads every object, decodes every stream, visits every page and reads its content
        stream, and reports what is wrong. Exit status 0 when the file is sound, 1 when it
        is damaged (including when its cross-reference had to be rebuilt, and content a
        renderer cannot read) or cannot be read. Oddities other readers accept (unknown
        operators, unbalanced q/Q) are printed as notes and do not change the status.

          --password PW   the password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let document = try openDocument(path, password: password)
        let report = DocumentChecker(document: document).run()
        print("\(path): PDF \(document.version), \(report.pageCount) pages, \(report.objectCount) objects")
        for problem in report.problems { print("problem: \(problem)") }
        for note in report.notes { print("note: \(note)") }
        if report.problems.isEmpty {
            print("no problems found")
        } else {
            throw CommandFailure(description: "\(path): \(report.problems.count) problem(s) found", code: ExitCode.badInput)
        }
    }
}
