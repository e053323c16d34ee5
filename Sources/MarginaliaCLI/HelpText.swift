extension CommandLineTool {
    static let helpText: [String: String] = [
        "info": InfoCommand.help,
        "pages": PagesCommand.help,
        "compact": CompactCommand.help,
        "check": CheckCommand.help,
        "text": TextCommand.help,
        "search": SearchCommand.help,
        "annotations": AnnotationsCommand.help,
        "annotate": AnnotateCommand.help,
        "export": ExportCommand.help,
        "remove-annotations": RemoveAnnotationsCommand.help,
        "flatten": FlattenCommand.help,
        "fields": FieldsCommand.help,
        "fill": FillCommand.help,
        "create": CreateCommand.help,
        "sample": SampleCommand.help,
        "render": RenderCommand.help,
        "serve": ServeCommand.help,
        "store": StoreCommand.help,
        "users": UsersCommand.help,
        "audit": AuditCommand.help,
    ]
}
