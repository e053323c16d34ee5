#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Marginalia

/// Exit codes of every command (documented in docs/cli.md).
enum ExitCode {
    static let success: Int32 = 0
    /// The input is bad: unreadable, damaged beyond repair, wrong password, out-of-range page.
    static let badInput: Int32 = 1
    /// The command line is wrong.
    static let usage: Int32 = 2
}

/// A mistake on the command line.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A command's result other than success, with the line to print.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let code: Int32
}

enum CommandLineTool {
    static let commands: [(name: String, summary: String, run: @Sendable ([String]) throws -> Void)] = [
        ("info", "show version, encryption, metadata and page boxes", InfoCommand.run),
        ("pages", "insert, remove, move and rotate pages", PagesCommand.run),
        ("compact", "rewrite a file, dropping unused objects", CompactCommand.run),
        ("check", "parse every object and report damage", CheckCommand.run),
        ("text", "print the text of pages (JSON: words with quads)", TextCommand.run),
        ("search", "find text and print the matches with their quads", SearchCommand.run),
        ("annotations", "list annotations (text or JSON)", AnnotationsCommand.run),
        ("annotate", "add annotations from JSON or XFDF", AnnotateCommand.run),
        ("export", "write annotations as JSON or XFDF", ExportCommand.run),
        ("remove-annotations", "remove annotations by id", RemoveAnnotationsCommand.run),
        ("flatten", "burn annotations into the pages", FlattenCommand.run),
        ("redact", "remove the content under redaction marks, or under matches of text", RedactCommand.run),
        ("fields", "list form fields (text or JSON)", FieldsCommand.run),
        ("fill", "fill form fields, optionally flattening the form", FillCommand.run),
        ("signatures", "check the digital signatures of a file", SignaturesCommand.run),
        ("sign", "sign a file with a PKCS#12 certificate (PAdES)", SignCommand.run),
        ("create", "make a PDF from text or Markdown", CreateCommand.run),
        ("sample", "write the built-in sample document", SampleCommand.run),
        ("render", "draw a page or an annotation into a PNG", RenderCommand.run),
        ("serve", "serve the browser editor and the JSON API", ServeCommand.run),
        ("store", "copy a store into PostgreSQL, compare two stores, or describe a store", StoreCommand.run),
        ("users", "add, list and revoke the people who may sign in, and share documents", UsersCommand.run),
        ("audit", "print a store's audit log", AuditCommand.run),
    ]

    static func run(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            printError(usage)
            return ExitCode.usage
        }
        if ["help", "--help", "-h"].contains(name) {
            if arguments.count > 1, let help = helpText[arguments[1]] {
                print(help)
            } else {
                print(usage)
            }
            return ExitCode.success
        }
        if name == "--version" {
            print("marginalia \(version)")
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            printError("marginalia: unknown command '\(name)'. Run 'marginalia help' for the list.")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(helpText[name] ?? usage)
            return ExitCode.success
        }
        do {
            try command.run(rest)
            return ExitCode.success
        } catch let error as UsageError {
            printError("marginalia \(name): \(error.description) (see 'marginalia help \(name)')")
            return ExitCode.usage
        } catch let failure as CommandFailure {
            printError("marginalia \(name): \(failure.description)")
            return failure.code
        } catch {
            printError("marginalia \(name): \(error)")
            return ExitCode.badInput
        }
    }

    static let version = "0.1.0"

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static let usage = """
        usage: marginalia <command> [options]

        commands:
        \(commands.map { "  " + $0.name.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        Run 'marginalia help <command>' for a command's options.
        Exit codes: 0 success, 1 bad input (unreadable, damaged or wrong password), 2 usage error.
        Resource limits (docs/limits.md): MARGINALIA_LIMITS=name=value,... e.g. maxPageCount=5000.
        """
}
