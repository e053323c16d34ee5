#!/usr/bin/env python3
"""Generate Sources/MarginaliaCore/Fonts/StandardFontMetrics+Data.swift from AFM files.

The metrics of the PDF standard 14 fonts (ISO 32000-2, 9.6.2.2) are read from the AFM files
of Debian's fonts-urw-base35 package: URW's clones of the PostScript base fonts, whose
advance widths match Adobe's. Install the package and run from the repository root:

    apt-get install -y fonts-urw-base35
    python3 scripts/generate_font_metrics.py

Options: --afm-dir DIR (default /usr/share/fonts/type1/urw-base35), --output FILE,
--package-version TEXT (default: asked of dpkg-query). Standard library only.

Width tables have 256 entries in 1/1000 text-space units:
- the 12 text fonts are indexed by WinAnsiEncoding code (ISO 32000-2, Annex D.2), looked up
  by glyph name. Codes 0x00-0x1F have no glyph (.notdef, drawn as nothing): width 0. Codes
  from 0x21 up that WinAnsi leaves unused (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D) show the
  bullet, as the footnote to Annex D.2 says, so they get the bullet's width.
- Symbol and ZapfDingbats are indexed by their built-in encoding (the AFM's `C` numbers);
  codes the font does not encode get 0.

The URW AFM files give `Ascender 0` and `Descender 0`. Adobe's AFM files take these from the
glyphs (the top of `d`, the bottom of `p`), so the same is done here; for Symbol and
ZapfDingbats, whose Adobe AFM files have no such values, the FontBBox top and bottom are used.
"""

import argparse
import os
import subprocess
import sys

# PDF BaseFont name, URW AFM file stem, Swift identifier.
FONTS = [
    ("Helvetica", "NimbusSans-Regular", "helvetica"),
    ("Helvetica-Bold", "NimbusSans-Bold", "helveticaBold"),
    ("Helvetica-Oblique", "NimbusSans-Italic", "helveticaOblique"),
    ("Helvetica-BoldOblique", "NimbusSans-BoldItalic", "helveticaBoldOblique"),
    ("Times-Roman", "NimbusRoman-Regular", "timesRoman"),
    ("Times-Bold", "NimbusRoman-Bold", "timesBold"),
    ("Times-Italic", "NimbusRoman-Italic", "timesItalic"),
    ("Times-BoldItalic", "NimbusRoman-BoldItalic", "timesBoldItalic"),
    ("Courier", "NimbusMonoPS-Regular", "courier"),
    ("Courier-Bold", "NimbusMonoPS-Bold", "courierBold"),
    ("Courier-Oblique", "NimbusMonoPS-Italic", "courierOblique"),
    ("Courier-BoldOblique", "NimbusMonoPS-BoldItalic", "courierBoldOblique"),
    ("Symbol", "StandardSymbolsPS", "symbol"),
    ("ZapfDingbats", "D050000L", "zapfDingbats"),
]

SYMBOLIC = {"Symbol", "ZapfDingbats"}

# WinAnsiEncoding glyph names by code (ISO 32000-2, Annex D.2); None where the code is unused.
_ASCII = (
    "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright "
    "asterisk plus comma hyphen period slash zero one two three four five six seven eight nine "
    "colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V "
    "W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j "
    "k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde"
).split()
_HIGH_80 = (
    "Euro - quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand "
    "Scaron guilsinglleft OE - Zcaron - - quoteleft quoteright quotedblleft quotedblright bullet "
    "endash emdash tilde trademark scaron guilsinglright oe - zcaron Ydieresis"
).split()
_HIGH_A0 = (
    "space exclamdown cent sterling currency yen brokenbar section dieresis copyright "
    "ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus "
    "twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior "
    "ordmasculine guillemotright onequarter onehalf threequarters questiondown "
    "Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex "
    "Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde "
    "Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls "
    "agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex "
    "edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde "
    "odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis"
).split()


def win_ansi_names():
    names = [None] * 256
    for offset, name in enumerate(_ASCII):
        names[0x20 + offset] = name
    for offset, name in enumerate(_HIGH_80):
        names[0x80 + offset] = None if name == "-" else name
    for offset, name in enumerate(_HIGH_A0):
        names[0xA0 + offset] = name
    assert len(_ASCII) == 95 and len(_HIGH_80) == 32 and len(_HIGH_A0) == 96
    return names


# Glyph names a font may use instead of the one WinAnsi's table gives.
ALTERNATE_NAMES = {"mu": ["uni00B5", "mu1"], "space": ["uni00A0"], "hyphen": ["uni00AD"]}


def parse_afm(path):
    """Returns (header dict, list of (code, width, name, bbox))."""
    header, glyphs, in_metrics = {}, [], False
    with open(path, encoding="latin-1") as afm:
        for raw in afm:
            line = raw.strip()
            if line.startswith("StartCharMetrics"):
                in_metrics = True
            elif line.startswith("EndCharMetrics"):
                in_metrics = False
            elif in_metrics and line.startswith("C "):
                fields = {}
                for part in line.split(";"):
                    tokens = part.split()
                    if tokens:
                        fields[tokens[0]] = tokens[1:]
                width = fields.get("WX") or fields.get("W0X")
                bbox = [int(float(v)) for v in fields.get("B", ["0", "0", "0", "0"])]
                glyphs.append((int(fields["C"][0]), round(float(width[0])), fields["N"][0], bbox))
            elif not in_metrics and " " in line:
                key, value = line.split(" ", 1)
                header.setdefault(key, value)
    return header, glyphs


def font_entry(base_name, path):
    header, glyphs = parse_afm(path)
    by_name = {name: (width, bbox) for _, width, name, bbox in glyphs}
    bbox = [int(float(v)) for v in header["FontBBox"].split()]
    widths = [0] * 256
    if base_name in SYMBOLIC:
        for code, width, _, _ in glyphs:
            if 0 <= code <= 255:
                widths[code] = width
        ascent, descent = bbox[3], bbox[1]
    else:
        bullet = by_name["bullet"][0]
        for code, name in enumerate(win_ansi_names()):
            if name is None:
                widths[code] = bullet if code > 0x20 else 0
                continue
            candidates = [name] + ALTERNATE_NAMES.get(name, [])
            found = next((by_name[n] for n in candidates if n in by_name), None)
            if found is None:
                sys.exit(f"{path}: no glyph named {name} for WinAnsi code {code:#04x}")
            widths[code] = found[0]
        ascent = by_name["d"][1][3]
        descent = by_name["p"][1][1]
    return {
        "ascent": ascent,
        "descent": descent,
        "capHeight": int(float(header.get("CapHeight", bbox[3]))),
        "xHeight": int(float(header.get("XHeight", 0))),
        "italicAngle": float(header.get("ItalicAngle", "0")),
        "bbox": bbox,
        "fixed": header.get("IsFixedPitch", "false").strip() == "true",
        "widths": widths,
        "version": header.get("Version", "?"),
    }


def package_version():
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "fonts-urw-base35"],
            capture_output=True, text=True, check=True,
        )
        return result.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def swift_source(entries, version):
    out = [
        "// GENERATED FILE: do not edit. Regenerate with",
        "//     apt-get install -y fonts-urw-base35 && python3 scripts/generate_font_metrics.py",
        f"// Source: the AFM files of Debian's fonts-urw-base35 {version}",
        "// (URW's metric-compatible clones of the PDF standard 14 fonts; see the script for the",
        "// mapping of file names, the WinAnsi tables and how ascent and descent are derived).",
        "",
        "extension StandardFontMetrics {",
    ]
    for (base_name, stem, ident), entry in zip(FONTS, entries):
        llx, lly, urx, ury = entry["bbox"]
        out += [
            f"    /// {base_name}, from {stem}.afm (version {entry['version']}).",
            f"    public static let {ident} = StandardFontMetrics(",
            f"        ascent: {entry['ascent']}, descent: {entry['descent']}, "
            f"capHeight: {entry['capHeight']}, xHeight: {entry['xHeight']},",
            f"        italicAngle: {entry['italicAngle']!r}, fontBBox: [{llx}, {lly}, {urx}, {ury}], "
            f"isFixedPitch: {'true' if entry['fixed'] else 'false'},",
            f"        widths: {ident}Widths",
            "    )",
            "",
            f"    private static let {ident}Widths: [UInt16] = [",
        ]
        for row in range(0, 256, 16):
            values = ", ".join(str(w) for w in entry["widths"][row:row + 16])
            out.append(f"        {values},  // 0x{row:02X}")
        out += ["    ]", ""]
    out[-1] = "}"
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--afm-dir", default="/usr/share/fonts/type1/urw-base35")
    parser.add_argument("--output", default="Sources/MarginaliaCore/Fonts/StandardFontMetrics+Data.swift")
    parser.add_argument("--package-version", default=None)
    args = parser.parse_args()
    entries = []
    for base_name, stem, _ in FONTS:
        path = os.path.join(args.afm_dir, stem + ".afm")
        if not os.path.exists(path):
            sys.exit(f"{path} not found: apt-get install -y fonts-urw-base35")
        entries.append(font_entry(base_name, path))
    version = args.package_version or package_version()
    with open(args.output, "w", encoding="utf-8") as swift:
        swift.write(swift_source(entries, version))
    print(f"wrote {args.output} ({len(entries)} fonts, fonts-urw-base35 {version})")


if __name__ == "__main__":
    main()
