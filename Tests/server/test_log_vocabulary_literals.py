"""The operation log's operation names and the command protocol's type names are spelled in one
place each: Sources/MarginaliaCore/Document/LoggedOperationName.swift (docs/operations.md) and
Sources/MarginaliaCore/Commands/CommandType.swift (docs/api.md, "Commands"); every reader and
writer (EditorOperation+JSON, the server's version 1 test, the engine's reading of the log,
EditorCommand+JSON) names them through those enums. Checked without a build, as
test_vocabulary_literals.py checks subtype names: no other Swift source spells one as a string
literal, except the exceptions below, each with why.

Command types that are plain words (`add`, `move`, `fill`, `reply`...) also name other things
(CLI commands, undo step names, preview kinds), so only the compound ones are checked outside
the table; the table itself must hold every name.

The browser names no operation either: the engine reads the log for it (`applyEntries` answers
whether the file must be opened again, `addedAnnotations` which annotations entries add;
docs/engine.md). No script under Web/js spells an operation name that is not also a command
type it sends (`insertPage`...) or a plain word (`group`, an ARIA role), and none reads an
operation's `op`, which catches those two as well."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from i18n_literals import ROOT, _literals, over_allowed, stale_allowances
from test_vocabulary_literals import swift_literals

OPERATION_TABLE = "Sources/MarginaliaCore/Document/LoggedOperationName.swift"
COMMAND_TABLE = "Sources/MarginaliaCore/Commands/CommandType.swift"

# docs/operations.md: every `op` of the log, version 1's among them.
OPERATIONS = {
    "addAnnotation", "removeAnnotation", "changeAnnotation", "arrangeAnnotation", "insertPage", "removePage",
    "restorePage", "rotatePage", "movePage", "copyPages", "fillField", "group",
}
# docs/api.md, "Commands": every command `type`.
COMMANDS = {
    "add", "change", "remove", "unlock", "move", "paste", "arrange", "resize", "restyle", "stroke", "erase", "fill",
    "insertPage", "removePage", "rotatePage", "movePage", "duplicatePages", "insertPages", "rotatePages", "movePages",
    "removePages", "reply", "setState", "editReply", "deleteReply", "undo", "redo",
}
# The command types no other vocabulary uses: a camelCase compound.
COMPOUND_COMMANDS = {name for name in COMMANDS if re.search(r"[a-z][A-Z]", name)}
# The operation names a script could only mean as operations.
SCRIPT_OPERATIONS = OPERATIONS - COMMANDS - {"group"}
# Reading an entry's operation name: `operation.op`, `operation?.op`, `operation['op']`, or
# destructured (`const { op } = operation`, `({ op, ... }) =>`).
OP_READ = re.compile(r"\.op\b|\[\s*['\"]op['\"]\s*\]|\{[^{}]*\bop\b[^{}]*\}\s*(=[^=>]|\)\s*=>)")

# (file, literal): how many times it may appear there, and why it is not an operation's or a
# command's name.
ALLOWED = {
    ("Sources/MarginaliaCore/Review/AnnotationState.swift", "group"):
        (1, "the reply type `group` (/RT /Group, ISO 32000-2 12.5.6.2), not the operation"),
    ("Sources/MarginaliaCore/Bridge/EngineBridge+Review.swift", "setState"):
        (1, "the engine bridge's comment `action` setState, which it maps to the command type"),
}


def allowed_files(text: str) -> set[str]:
    """The tables that may spell `text`: a name of both (insertPage...) may be in either."""
    return ({OPERATION_TABLE} if text in OPERATIONS else set()) | ({COMMAND_TABLE} if text in COMMANDS else set())


@cache
def named_literals() -> Counter:
    """(file, literal) → count, for each literal of a Swift source that is an operation name or
    a compound command type, outside the tables that hold it."""
    found: Counter = Counter()
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        rel = str(path.relative_to(ROOT))
        for text in swift_literals(path.read_text(encoding="utf-8")):
            if (text in OPERATIONS or text in COMPOUND_COMMANDS) and rel not in allowed_files(text):
                found[(rel, text)] += 1
    return found


def test_the_tables_name_every_operation_and_command():
    # The judge of the check below: were the scanner blind, the tables would not be seen either.
    operations = set(swift_literals((ROOT / OPERATION_TABLE).read_text(encoding="utf-8")))
    commands = set(swift_literals((ROOT / COMMAND_TABLE).read_text(encoding="utf-8")))
    assert operations == OPERATIONS, f"LoggedOperationName lacks {sorted(OPERATIONS - operations)}, " \
        f"has besides {sorted(operations - OPERATIONS)}"
    assert commands == COMMANDS, f"CommandType lacks {sorted(COMMANDS - commands)}, has besides {sorted(commands - COMMANDS)}"


def test_no_source_names_an_operation_or_command_but_its_table():
    extra = over_allowed(named_literals(), ALLOWED)
    assert not extra, "operations or commands named outside their table (use LoggedOperationName / CommandType): " + extra


def test_every_exception_is_still_needed():
    stale = stale_allowances(named_literals(), ALLOWED)
    assert not stale, f"exceptions no source needs any more (remove them): {stale}"


def scripts():
    """(path relative to the root, text) of each browser script."""
    for path in sorted((ROOT / "Web" / "js").rglob("*.js")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def test_no_script_names_an_operation():
    # The judge: the scanner sees a literal where one is written.
    assert [text for _, text in _literals("x.kind === 'copyPages'")] == ["copyPages"]
    found = Counter((rel, text) for rel, source in scripts() for _, text in _literals(source) if text in SCRIPT_OPERATIONS)
    assert not found, "the browser names logged operations (ask the engine: applyEntries' reload, addedAnnotations): " + \
        ", ".join(f"{file}: {text!r} ×{count}" for (file, text), count in sorted(found.items()))


def test_no_script_reads_an_operations_name():
    assert OP_READ.search("entry.operation?.op === name") and OP_READ.search("operation['op']")
    assert OP_READ.search("const { op } = entry.operation;") and OP_READ.search("list.some(({ op, id }) => op)")
    assert not OP_READ.search("const options = { op: 1 };") and not OP_READ.search("if (x) { op(); }")
    found = [f"{rel}:{source.count(chr(10), 0, match.start()) + 1}" for rel, source in scripts() for match in OP_READ.finditer(source)]
    assert not found, f"the browser reads an operation's `op` (ask the engine instead): {found}"
