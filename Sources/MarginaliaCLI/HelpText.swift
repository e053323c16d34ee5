extension CommandLineTool {
    static let helpText: [String: String] = [
        "info": InfoCommand.help,
        "pages": PagesCommand.help,
        "compact": CompactCommand.help,
        "check": CheckCommand.help,
    ]
}
