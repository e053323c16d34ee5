#!/usr/bin/env python3
"""Generate Sources/Marginalia/Text/Data/CJKData+Generated.swift: the predefined CJK CMaps of
ISO 32000-2, 9.7.5.2 (Table 116) that are not Unicode-based, and, for each of the four Adobe
character collections, CID to Unicode.

Source: Adobe's CMap resources as Debian's poppler-data package installs them
(/usr/share/poppler/cMap, BSD 3-Clause licence, whose notice the generated file keeps).
CID to Unicode is made by inverting each collection's `Uni…-UTF32-H` CMap (where several
characters share a CID, the lowest wins), not taken from poppler-data's cidToUnicode files,
which are under another licence.

    apt-get install -y poppler-data
    python3 scripts/generate_cjk_data.py

Encodings, as string literals the engine reads on first use:
- a CMap: lines `c LOW HIGH` (a codespace range, hex), `r LOW HIGH CID` (a CID range, the
  CID decimal), after a first line `ORDERING WMODE [PARENT]`;
- CID to Unicode: space-separated runs `SKIP,HEX[,COUNT]`: skip SKIP CIDs (base 36) from the
  end of the previous run, then COUNT (base 36, default 1) CIDs map to consecutive code
  points from HEX.
"""

import argparse
import os
import re
import subprocess
import sys

CMAP_DIR = "/usr/share/poppler/cMap"
COLLECTIONS = {"Japan1": "UniJIS-UTF32-H", "GB1": "UniGB-UTF32-H", "CNS1": "UniCNS-UTF32-H", "Korea1": "UniKS-UTF32-H"}
# ISO 32000-2, Table 116, less the Unicode-based CMaps (whose codes are text already).
CMAPS = """83pv-RKSJ-H 90ms-RKSJ-H 90ms-RKSJ-V 90msp-RKSJ-H 90msp-RKSJ-V 90pv-RKSJ-H Add-RKSJ-H Add-RKSJ-V
EUC-H EUC-V Ext-RKSJ-H Ext-RKSJ-V H V GB-EUC-H GB-EUC-V GBpc-EUC-H GBpc-EUC-V GBK-EUC-H GBK-EUC-V GBKp-EUC-H
GBKp-EUC-V GBK2K-H GBK2K-V B5pc-H B5pc-V HKscs-B5-H HKscs-B5-V ETen-B5-H ETen-B5-V ETenms-B5-H ETenms-B5-V
CNS-EUC-H CNS-EUC-V KSC-EUC-H KSC-EUC-V KSCms-UHC-H KSCms-UHC-V KSCms-UHC-HW-H KSCms-UHC-HW-V KSCpc-EUC-H""".split()


def find(name):
    for collection in sorted(os.listdir(CMAP_DIR)):
        path = os.path.join(CMAP_DIR, collection, name)
        if os.path.isfile(path):
            return path
    sys.exit(f"{name}: not found under {CMAP_DIR} (apt-get install -y poppler-data)")


def parse(path):
    text = open(path, encoding="latin-1").read()
    body = "\n".join(line for line in text.splitlines() if not line.startswith("%"))
    ordering = re.search(r"/Ordering \((\w+)\)", body).group(1)
    wmode = re.search(r"/WMode (\d)", body)
    parent = re.search(r"/([\w-]+) usecmap", body)
    spaces = []
    for block in re.findall(r"begincodespacerange(.*?)endcodespacerange", body, re.S):
        spaces += re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block)
    ranges = []
    for block in re.findall(r"begincidrange(.*?)endcidrange", body, re.S):
        ranges += [(low, high, int(cid)) for low, high, cid in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\d+)", block)]
    for block in re.findall(r"begincidchar(.*?)endcidchar", body, re.S):
        ranges += [(code, code, int(cid)) for code, cid in re.findall(r"<([0-9a-fA-F]+)>\s*(\d+)", block)]
    return ordering, int(wmode.group(1)) if wmode else 0, parent.group(1) if parent else None, spaces, ranges


def encode_cmap(name):
    ordering, wmode, parent, spaces, ranges = parse(find(name))
    lines = [f"{ordering} {wmode}" + (f" {parent}" if parent else "")]
    lines += [f"c {low.lower()} {high.lower()}" for low, high in spaces]
    lines += [f"r {low.lower()} {high.lower()} {cid}" for low, high, cid in ranges]
    return "\n".join(lines)


def base36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


# Python codecs for the legacy CMaps, to name the CIDs no Unicode CMap reaches (the
# proportional Roman of Japan1 that RKSJ's single bytes select, say).
CODECS = {"RKSJ": "cp932", "Japan1:EUC": "euc_jp", "GB-EUC": "gb2312", "GBpc-EUC": "gb2312", "GBK-EUC": "gbk",
          "GBKp-EUC": "gbk", "GBK2K": "gb18030", "B5pc": "cp950", "ETen-B5": "cp950", "ETenms-B5": "cp950",
          "HKscs-B5": "big5hkscs", "KSC-EUC": "euc_kr", "KSCpc-EUC": "euc_kr", "KSCms-UHC": "cp949"}


def codec(name, ordering):
    for key, codec_name in CODECS.items():
        if key.startswith(ordering + ":") and key.split(":")[1] in name and "RKSJ" not in name:
            return codec_name
        if ":" not in key and key in name:
            return codec_name
    return None


def preference(code):
    """Lower is preferred: unified characters before radicals, compatibility ideographs
    and presentation forms that share their CIDs."""
    compatibility = (0x2E80 <= code <= 0x2FDF or 0xF900 <= code <= 0xFAFF or 0x2F800 <= code <= 0x2FA1F
                     or 0xFE30 <= code <= 0xFE4F or 0xE000 <= code <= 0xF8FF)
    return (compatibility, code)


def cid_to_unicode(collection):
    best = {}

    def offer(cid, code):
        if 0xD800 <= code <= 0xDFFF:
            return
        current = best.get(cid)
        if current is None or preference(code) < preference(current):
            best[cid] = code

    _, _, _, _, ranges = parse(find(COLLECTIONS[collection]))
    for low, high, cid in ranges:
        first, last = int(low, 16), int(high, 16)
        for offset in range(last - first + 1):
            offer(cid + offset, first + offset)
    # CIDs that only a legacy encoding reaches get its character.
    for name in CMAPS:
        ordering, _, _, _, legacy = parse(find(name))
        codec_name = codec(name, ordering)
        if ordering != collection or codec_name is None:
            continue
        for low, high, cid in legacy:
            first, last = int(low, 16), int(high, 16)
            for offset in range(min(last - first + 1, 65536)):
                if cid + offset in best:
                    continue
                code = first + offset
                raw = code.to_bytes(max(1, len(low) // 2), "big")
                try:
                    text = raw.decode(codec_name)
                except UnicodeDecodeError:
                    continue
                if len(text) == 1 and text != "\ufffd":
                    best[cid + offset] = ord(text)
    runs, end = [], 0
    cids = sorted(best)
    index = 0
    while index < len(cids):
        cid, code = cids[index], best[cids[index]]
        count = 1
        while index + count < len(cids) and cids[index + count] == cid + count and best[cids[index + count]] == code + count:
            count += 1
        runs.append(f"{base36(cid - end)},{code:x}" + (f",{base36(count)}" if count > 1 else ""))
        end = cid + count
        index += count
    return " ".join(runs)


def literal(text):
    assert '"""' not in text and "\\" not in text
    return '"""\n' + text + '\n"""'


def package_version():
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", "poppler-data"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


NOTICE = """// The data below is derived from Adobe's CMap resources (Copyright 1990-2018 Adobe Systems
// Incorporated; BSD 3-Clause licence):
// Redistribution and use in source and binary forms, with or without modification, are
// permitted provided that the following conditions are met: Redistributions of source code
// must retain the above copyright notice, this list of conditions and the following
// disclaimer. Redistributions in binary form must reproduce the above copyright notice, this
// list of conditions and the following disclaimer in the documentation and/or other
// materials provided with the distribution. Neither the name of Adobe Systems Incorporated
// nor the names of its contributors may be used to endorse or promote products derived from
// this software without specific prior written permission.
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
// OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
// MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
// COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
// EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
// SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
// HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
// TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE."""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default="Sources/Marginalia/Text/Data/CJKData+Generated.swift")
    args = parser.parse_args()
    out = ["// GENERATED FILE: do not edit. Regenerate with",
           "//     apt-get install -y poppler-data && python3 scripts/generate_cjk_data.py",
           f"// Source: Debian's poppler-data {package_version()} ({CMAP_DIR}); see the script.",
           NOTICE, "", "enum CJKData {",
           "    /// CID to Unicode per Adobe character collection (runs: see generate_cjk_data.py).",
           "    static let cidToUnicode: [String: String] = ["]
    for collection in COLLECTIONS:
        out.append(f'        "{collection}": "{cid_to_unicode(collection)}",')
    out += ["    ]", "", "    /// The predefined CMaps by name (lines: see generate_cjk_data.py).", "    static let cmaps: [String: String] = ["]
    for name in CMAPS:
        out.append(f'        "{name}": {literal(encode_cmap(name))},')
    out += ["    ]", "}", ""]
    with open(args.output, "w", encoding="utf-8") as swift:
        swift.write("\n".join(out))
    print(f"wrote {args.output} ({os.path.getsize(args.output)} bytes)")


if __name__ == "__main__":
    main()
