import Foundation
import Marginalia
import MarginaliaServer

extension UsersCommand {
    /// `certificate NAME --p12 FILE [--password-file F] --signing-key-file KEY [STORE]` and
    /// `certificate NAME --remove [STORE]` (docs/signatures.md, "Signing on the server").
    static func certificate(_ arguments: inout Arguments, now: Date = Date()) throws {
        let remove = arguments.flag("--remove")
        let p12Path = try arguments.option("--p12")
        let passwordFile = try arguments.option("--password-file")
        let keyFile = try arguments.option("--signing-key-file")
        if remove && (p12Path != nil || passwordFile != nil || keyFile != nil) {
            throw UsageError("certificate --remove takes no --p12, --password-file or --signing-key-file")
        }
        if !remove && p12Path == nil { throw UsageError("certificate needs --p12 FILE (or --remove)") }
        if !remove && keyFile == nil {
            throw UsageError("certificate needs --signing-key-file KEY: the operator's key the server is started with (docs/deploy.md)")
        }
        let (store, name) = try openStore(&arguments, naming: "certificate")
        defer { store.close() }
        guard let certificates = store as? any CertificateStore else {
            throw CommandFailure(description: "the store \(store.location) keeps no certificates", code: ExitCode.badInput)
        }
        let validName: String
        do { validName = try PeopleError.validateName(name) } catch { throw CommandFailure(description: "\(error)", code: ExitCode.badInput) }
        if remove {
            try reportingFailures {
                guard try certificates.removeCertificate(of: validName) else {
                    throw CommandFailure(description: "'\(validName)' has no certificate", code: ExitCode.badInput)
                }
                try audit(store, .setCertificate, detail: "\(validName) removed")
            }
            print("Removed the certificate of \(validName).")
            return
        }
        guard let p12Path, let keyFile else { return }
        let key: SigningKey
        do { key = try SigningKey.load(file: keyFile) } catch { throw UsageError("--signing-key-file: \(error)") }
        let p12 = try readInput(p12Path, limit: InputFile.smallFileLimit)
        let password = try SignCommand.readPassword(passwordFile)
        let certificate: UserCertificate
        do {
            certificate = try UserCertificate.make(owner: validName, pkcs12: Array(p12), password: password, key: key, now: now)
        } catch let error as CertificateError {
            throw CommandFailure(description: "\(p12Path): \(error)", code: ExitCode.badInput)
        }
        try reportingFailures {
            try certificates.setCertificate(certificate)
            try audit(store, .setCertificate, detail: "\(validName) subject=\(certificate.subject)")
        }
        print("user: \(validName)")
        print("subject: \(certificate.subject)")
        print("issuer: \(certificate.issuer)")
        print("not after: \(certificate.notAfter.map { ISO8601DateFormatter().string(from: $0) } ?? "not given")")
        print("sealed with signing key \(key.id)")
    }
}
