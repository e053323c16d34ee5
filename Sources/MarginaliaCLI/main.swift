#if canImport(Glibc)
import Glibc
#endif

// The `marginalia` command: see `marginalia help` and docs/cli.md.
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
