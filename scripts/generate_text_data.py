#!/usr/bin/env python3
"""Generate Sources/Marginalia/Text/Data/TextData+Generated.swift: the tables text extraction
reads glyph names and widths from.

Sources (no file of this repository is hand-copied from them):
- the Adobe Glyph List and its ZapfDingbats list, as fontTools carries them
  (`fontTools.agl`, MIT licence; Debian's python3-fonttools or PyPI's fonttools);
- the PDF standard encodings of ISO 32000-2, Annex D: StandardEncoding from
  `fontTools.encodings.StandardEncoding`, MacRomanEncoding from
  `fontTools.encodings.MacRoman` (code 0xDB is `currency` in PDF, control codes have no
  glyph), WinAnsiEncoding from the table scripts/generate_font_metrics.py writes;
- the 391 standard strings of CFF (Adobe TN 5176, Appendix A) from `fontTools.cffLib`;
- the glyph widths by name and the built-in encodings of Symbol and ZapfDingbats from the
  AFM files of Debian's fonts-urw-base35 (the same files generate_font_metrics.py reads).

    apt-get install -y fonts-urw-base35 && python3 -m pip install fonttools
    python3 scripts/generate_text_data.py

The tables are written as string literals (one entry a line) that the engine splits on
first use: a Swift dictionary literal of 4,000 entries costs the compiler minutes.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_font_metrics as metrics  # noqa: E402

from fontTools import agl  # noqa: E402
from fontTools.cffLib import cffStandardStrings  # noqa: E402
from fontTools.encodings.MacRoman import MacRoman  # noqa: E402
from fontTools.encodings.StandardEncoding import StandardEncoding  # noqa: E402


def glyph_list():
    lines = []
    for name in sorted(agl.LEGACY_AGL2UV):
        values = agl.LEGACY_AGL2UV[name]
        lines.append(name + " " + ",".join(f"{v:04X}" for v in values))
    return lines


def zapf_list(afm_dir):
    _, glyphs = metrics.parse_afm(os.path.join(afm_dir, "D050000L.afm"))
    lines = []
    for _, _, name, _ in glyphs:
        text = agl.toUnicode(name, isZapfDingbats=True)
        if text and name != "space":
            lines.append(name + " " + ",".join(f"{ord(c):04X}" for c in text))
    return lines


def encoding_line(names):
    return " ".join(n if n and n != ".notdef" else "-" for n in names)


def encodings(afm_dir):
    standard = list(StandardEncoding)
    mac = [None if code < 0x20 or code == 0x7F else name for code, name in enumerate(MacRoman)]
    mac[0xDB] = "currency"
    win = metrics.win_ansi_names()
    builtin = {}
    for stem, key in (("StandardSymbolsPS", "symbol"), ("D050000L", "zapfDingbats")):
        table = [None] * 256
        _, glyphs = metrics.parse_afm(os.path.join(afm_dir, stem + ".afm"))
        for code, _, name, _ in glyphs:
            if 0 <= code <= 255:
                table[code] = name
        builtin[key] = table
    return [("standard", standard), ("macRoman", mac), ("winAnsi", win),
            ("symbol", builtin["symbol"]), ("zapfDingbats", builtin["zapfDingbats"])]


def widths_by_name(afm_dir):
    out = []
    for base, stem, ident in metrics.FONTS:
        _, glyphs = metrics.parse_afm(os.path.join(afm_dir, stem + ".afm"))
        pairs = " ".join(f"{name} {width}" for _, width, name, _ in glyphs)
        out.append((ident, base, stem, pairs))
    return out


def literal(lines):
    body = "\n".join(lines)
    assert '"""' not in body and "\\" not in body
    return '"""\n' + body + '\n"""'


def swift_source(afm_dir, version):
    out = [
        "// GENERATED FILE: do not edit. Regenerate with",
        "//     python3 scripts/generate_text_data.py",
        f"// Sources: fontTools {fonttools_version()} (the Adobe Glyph List, CFF standard strings, the",
        f"// Standard and MacRoman encodings) and the AFM files of Debian's fonts-urw-base35 {version}.",
        "// See the script for what comes from where.",
        "",
        "enum TextData {",
        "    /// The Adobe Glyph List: a glyph name, a space, its Unicode scalars in hex (comma-separated).",
        "    static let glyphList = " + literal(glyph_list()),
        "",
        "    /// ZapfDingbats glyph names (a1, a2, ...) and their characters, in the same form.",
        "    static let zapfDingbatsGlyphs = " + literal(zapf_list(afm_dir)),
        "",
        "    /// The encodings of ISO 32000-2, Annex D, and the built-in encodings of Symbol and",
        "    /// ZapfDingbats: 256 glyph names separated by spaces, `-` where a code has none.",
    ]
    for key, names in encodings(afm_dir):
        assert len(names) == 256, key
        out.append(f"    static let {key}Encoding = \"{encoding_line(names)}\"")
    out += [
        "",
        "    /// The CFF standard strings (string ids 0-390), separated by spaces.",
        f"    static let cffStandardStrings = \"{' '.join(cffStandardStrings)}\"",
        "",
        "    /// Advance widths of the standard 14 fonts by glyph name (1/1000 of the font size):",
        "    /// pairs of a name and a width, separated by spaces.",
        "    static let standardWidths: [String: String] = [",
    ]
    for ident, base, stem, pairs in widths_by_name(afm_dir):
        out.append(f"        // {base}, from {stem}.afm")
        out.append(f"        \"{base}\": \"{pairs}\",")
    out += ["    ]", "}", ""]
    return "\n".join(out)


def fonttools_version():
    import fontTools
    return fontTools.version


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--afm-dir", default="/usr/share/fonts/type1/urw-base35")
    parser.add_argument("--output", default="Sources/Marginalia/Text/Data/TextData+Generated.swift")
    args = parser.parse_args()
    if not os.path.isdir(args.afm_dir):
        sys.exit(f"{args.afm_dir} not found: apt-get install -y fonts-urw-base35")
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as swift:
        swift.write(swift_source(args.afm_dir, metrics.package_version()))
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
