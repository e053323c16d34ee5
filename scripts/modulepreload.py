#!/usr/bin/env python3
"""The browser editor's module preloads (issue 36, "Large files"): one
`<link rel="modulepreload">` in Web/index.html for every module of the editor's static import
graph, so that the browser fetches them all at once instead of level by level (each module's
imports are found only once it has arrived: about five round trips before the first request
for a document).

The list sits between two markers in Web/index.html, inside its `<template id="after-worker">`
(Web/js/pdfworker.js lets it go once the request for pdf.js's worker script is made, so that
this request is not queued behind the preloads), and is generated, never written by hand:
this script reads the graph from the entry points' `import … from '…'` and `export … from '…'`
lines (dynamic `import()` is not followed: what a module loads later is not preloaded), and
writes the list, or with `--check` says whether the list and the graph differ (exit status 1).
Tests/server/test_module_preloads.py runs the check; Tests/e2e/test_opening_layout.py checks
in the browsers that an opening fetches no module of Web/js that was not preloaded before the
first page (what Web/js/features.js loads after it by `import()` is not preloaded, on purpose).

    python3 scripts/modulepreload.py           # rewrite the list in Web/index.html
    python3 scripts/modulepreload.py --check   # exit 1 when the list and the graph differ
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "Web"
INDEX = WEB / "index.html"
# The modules index.html loads with a <script type="module">, under the URL prefix the server
# serves Web/ at.
PREFIX = "/app/"
BEGIN = "<!-- module preloads: written by scripts/modulepreload.py -->"
END = "<!-- end of module preloads -->"

# A static import or re-export: `import … from './x.js';`, `import './x.js';`, `export … from './x.js';`
# at the start of a line (the editor's modules write each on one line).
STATIC_IMPORT = re.compile(r"""^\s*(?:import\s*(?:[^'"();]*?\bfrom\s*)?|export\b[^'"();]*?\bfrom\s*)['"]([^'"]+)['"]\s*;?\s*$""", re.M)
ENTRY = re.compile(r"""<script type="module"(?: async)? src="([^"]+)"></script>""")


class GraphError(Exception):
    """An import that names no file of Web/."""


def imports_of(path: Path) -> list[Path]:
    """The files a module imports statically (relative specifiers only: `/vendor/…` is not ours)."""
    found = []
    for specifier in STATIC_IMPORT.findall(path.read_text(encoding="utf-8")):
        if not specifier.startswith("."):
            continue
        target = (path.parent / specifier).resolve()
        if not target.is_file():
            raise GraphError(f"{path.relative_to(WEB.resolve().parent)} imports {specifier}, which is not a file")
        found.append(target)
    return found


def url_of(path: Path) -> str:
    return PREFIX + path.relative_to(WEB.resolve()).as_posix()


def entries(html: str) -> list[Path]:
    """The module scripts index.html runs, as files of Web/: those outside its template first
    (pdfworker.js, earlyrequests.js), then the template's (earlyopen.js and main.js, run once
    pdfworker.js lets the template go)."""
    start, end = html.find("<template"), html.find("</template>")
    inside = html[start:end] if 0 <= start < end else ""
    outside = html.replace(inside, "") if inside else html
    return [WEB / src.removeprefix(PREFIX) for src in ENTRY.findall(outside) + ENTRY.findall(inside) if src.startswith(PREFIX)]


def graph(starts: list[Path]) -> list[str]:
    """Every module reachable from `starts` by static imports, as URLs: the entry points
    first, in order, then the modules each one needs, entry point after entry point, breadth
    first within each. The browser fetches them at once but over a few connections (six for
    HTTP/1.1, shared with the worker's script, the engine's module and the document's
    answers), in the order they are listed: so everything earlyopen.js needs to run (and
    pdf.js's worker with it) goes out before the modules only main.js needs, instead of
    behind the nearest levels of main.js's graph (issue 36, docs/benchmarks.md "large",
    fourteenth round)."""
    entry_points = list(dict.fromkeys(p.resolve() for p in starts))
    seen, order = set(entry_points), list(entry_points)
    for start in entry_points:
        queue = list(imports_of(start))
        while queue:
            path = queue.pop(0)
            if path in seen:
                continue
            seen.add(path)
            order.append(path)
            queue.extend(imports_of(path))
    return [url_of(p) for p in order]


def preload_block(urls: list[str]) -> str:
    links = "".join(f'<link rel="modulepreload" href="{url}">\n' for url in urls)
    return f"{BEGIN}\n{links}{END}"


def listed(html: str) -> list[str]:
    """The URLs between the markers of index.html."""
    start, end = html.find(BEGIN), html.find(END)
    if start < 0 or end < start:
        raise GraphError(f"{INDEX.relative_to(ROOT)} has no '{BEGIN}' … '{END}' block")
    return re.findall(r'<link rel="modulepreload" href="([^"]+)">', html[start:end])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the list and the graph differ")
    args = parser.parse_args()
    html = INDEX.read_text(encoding="utf-8")
    try:
        urls = graph(entries(html))
        present = listed(html)
    except GraphError as error:
        print(f"modulepreload: {error}", file=sys.stderr)
        return 2
    if args.check:
        missing, extra = sorted(set(urls) - set(present)), sorted(set(present) - set(urls))
        if missing or extra or urls != present:
            print(f"modulepreload: Web/index.html's preloads differ from the import graph: missing {missing}, "
                  f"not in the graph {extra}{'' if missing or extra else ', or in another order'}; "
                  "run scripts/modulepreload.py", file=sys.stderr)
            return 1
        print(f"modulepreload: {len(urls)} modules, all preloaded")
        return 0
    start, end = html.find(BEGIN), html.find(END) + len(END)
    INDEX.write_text(html[:start] + preload_block(urls) + html[end:], encoding="utf-8")
    print(f"modulepreload: {len(urls)} modules written to {INDEX.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
