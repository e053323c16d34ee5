#!/usr/bin/env python3
"""The peer of workload "find": PyMuPDF's `Page.search_for` over every page of FILE, printing
`page N: K` for each page with matches as soon as the page is searched (so the runner can time
the first match), then the number of matches. Case is ignored, as PyMuPDF always does.

    python3 find_pymupdf.py FILE QUERY
"""

import sys

import pymupdf


def main():
    path, query = sys.argv[1], sys.argv[2]
    total = 0
    with pymupdf.open(path) as document:
        for page in document:
            found = page.search_for(query)
            if found:
                total += len(found)
                print(f"page {page.number + 1}: {len(found)}", flush=True)
    print(f"{total} matches", flush=True)


if __name__ == "__main__":
    main()
