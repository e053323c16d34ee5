"""Issue 36: Web/index.html preloads every module of the editor's static import graph
(scripts/modulepreload.py writes the list; its `--check` fails when the list and the graph
differ), and the graph is read the way the browser reads it: static imports and re-exports
followed, `import()` and JSDoc's `import('…')` types not."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import modulepreload  # noqa: E402


def test_index_html_preloads_the_import_graph():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "modulepreload.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    html = modulepreload.INDEX.read_text(encoding="utf-8")
    listed = modulepreload.listed(html)
    assert listed[:4] == ["/app/js/pdfworker.js", "/app/js/earlyrequests.js", "/app/js/earlyopen.js", "/app/js/main.js"], \
        "the entry points first, in order"
    assert "/app/js/viewer.js" in listed and len(listed) == len(set(listed))


def test_what_the_opening_needs_is_preloaded_before_what_only_main_needs():
    """Fourteenth round: the browser sends the preloads over six connections in the order they
    are listed, so earlyopen.js's whole graph (which opens the document in pdf.js) comes before
    the modules only main.js reaches, not behind the nearest levels of main.js's graph."""
    listed = modulepreload.listed(modulepreload.INDEX.read_text(encoding="utf-8"))
    js = modulepreload.WEB / "js"
    opening = set(modulepreload.graph([js / "pdfworker.js", js / "earlyrequests.js", js / "earlyopen.js"]))
    only_main = [url for url in listed if url not in opening and url != "/app/js/main.js"]
    last_of_opening = max(listed.index(url) for url in opening)
    assert only_main and last_of_opening < min(listed.index(url) for url in only_main), \
        f"{listed[last_of_opening]} listed after {only_main[0]}"


def test_the_graph_follows_static_imports_only(tmp_path, monkeypatch):
    web = tmp_path / "Web"
    (web / "js" / "tools").mkdir(parents=True)
    (web / "js" / "main.js").write_text("import { a } from './a.js';\nexport { b } from './tools/b.js';\n"
                                        "/** @param {import('./typed.js').T} t */\n"
                                        "const late = await import('./late.js');\nexport const NAME = './named.js';\n")
    (web / "js" / "a.js").write_text("import './side.js';\nexport const a = 1;\n")
    (web / "js" / "side.js").write_text("")
    (web / "js" / "tools" / "b.js").write_text("import { a } from '../a.js';\nexport const b = a;\n")
    for name in ("typed.js", "late.js", "named.js"):
        (web / "js" / name).write_text("")
    monkeypatch.setattr(modulepreload, "WEB", web)
    assert modulepreload.graph([web / "js" / "main.js"]) == [
        "/app/js/main.js", "/app/js/a.js", "/app/js/tools/b.js", "/app/js/side.js"]
    # A static import of a file that is not there is an error, not a shorter list.
    (web / "js" / "side.js").write_text("import './missing.js';\n")
    try:
        modulepreload.graph([web / "js" / "main.js"])
    except modulepreload.GraphError as error:
        assert "missing.js" in str(error)
    else:
        raise AssertionError("a missing module was not reported")
