#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (issue 8; docs/fuzzing.md).
#
#   scripts/fuzz.sh [--time SECONDS] [TARGET...]   fuzz each target (default: all, 60 s each)
#   scripts/fuzz.sh --regressions [TARGET...]      run every saved input once (what CI runs),
#                                                  then a short fuzz smoke run (--time, default 20 s)
#   scripts/fuzz.sh --release ...                  build optimised (-c release) into .build-fuzz-release:
#                                                  several times the executions per second, for long runs
#
# Targets are built with -sanitize=fuzzer,address into .build-fuzz. Seeds come from
# ../shared/corpus (PDF targets, files under 300 KB), the docs' JSON examples and
# Fuzz/seeds/<target>; the working corpus grows in .build-fuzz/corpus/<target>. Crashes,
# hangs (over 2 s) and out-of-memory (over 2 GiB) are written to Fuzz/findings/<target>/,
# minimised; copy each into Fuzz/regressions/<target>/ once it is fixed.
set -uo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

all_targets=(FuzzPDFFile FuzzFilters FuzzDocument FuzzContentStream FuzzAcroForm FuzzAnnotationJSON FuzzXFDF FuzzOperation
             FuzzEditorEvents FuzzRender FuzzText FuzzHTTP FuzzImages)
seconds=60
regressions=0
release=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time) seconds=$2; shift 2 ;;
        --regressions) regressions=1; seconds=${FUZZ_SMOKE_SECONDS:-20}; shift ;;
        --release) release=1; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        Fuzz*) targets+=("$1"); shift ;;
        *) echo "fuzz.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

scratch=.build-fuzz
corpus_dir=${MARGINALIA_CORPUS:-../shared/corpus}
flags=(--scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
if [ "$release" -eq 1 ]; then
    scratch=.build-fuzz-release
    flags=(-c release --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
fi
# ASan's own leak check at exit is off too, for the same reason as -detect_leaks=0 below.
export MARGINALIA_FUZZ=1 SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0

seed() {  # seed TARGET DIR: fill the working corpus on first use
    local target=$1 dir=$2
    [ -n "$(ls -A "$dir" 2>/dev/null)" ] && return
    mkdir -p "$dir"
    case "$target" in
        FuzzPDFFile|FuzzDocument)
            find "$corpus_dir" -name '*.pdf' -size -300k -exec cp {} "$dir/" \; 2>/dev/null
            # The kinds of damage issue 35 taught the reader (Tests/oracles/damage_kinds.py).
            python3 - "$dir" <<'PY'
import pathlib, sys
sys.path.insert(0, "Tests/oracles")
import damage_kinds
for name, make in damage_kinds.KINDS.items():
    pathlib.Path(sys.argv[1], f"damage-{name}.pdf").write_bytes(make())
PY
            ;;
        FuzzAcroForm)  # the corpus's forms, as its manifest tags them
            awk -F'\t' 'NR > 1 && $0 ~ /acroform/ && $0 !~ /opens:none/ { print $1 }' "$corpus_dir/manifest.tsv" |
                while read -r name; do
                    [ -f "$corpus_dir/$name" ] && [ "$(stat -c %s "$corpus_dir/$name")" -lt 307200 ] && cp "$corpus_dir/$name" "$dir/"
                done ;;
        FuzzContentStream|FuzzRender)  # the page content of the corpus's small files, decoded
            python3 - "$corpus_dir" "$dir" <<'PY'
import pathlib, sys
import pikepdf
out = pathlib.Path(sys.argv[2])
for n, path in enumerate(sorted(pathlib.Path(sys.argv[1]).glob("*.pdf"))):
    if path.stat().st_size > 300_000:
        continue
    try:
        with pikepdf.open(path) as pdf:
            for i, page in enumerate(pdf.pages[:3]):
                data = page.Contents.read_bytes() if "/Contents" in page and isinstance(page.Contents, pikepdf.Stream) else b""
                if data and len(data) < 65536:
                    (out / f"{path.stem}-{i}").write_bytes(data)
    except Exception:
        pass
PY
            printf 'q BI /W 2 /H 1 /CS /G /BPC 8 ID EI EI Q BT /F1 12 Tf (a) Tj ET' > "$dir/inline" ;;
        FuzzFilters)
            printf '\x00x\x9c\x03\x00\x00\x00\x00\x01' > "$dir/flate"; printf '\x0289:;<=>?>' > "$dir/hex"
            printf '\x03<~87cURD]i,"Ebo80~>' > "$dir/a85"; printf '\x04\x02abc\xfdz\x80' > "$dir/rle"
            python3 -c 'import brotli, sys; sys.stdout.buffer.write(b"\x0b" + brotli.compress(b"BT /F1 12 Tf (page) Tj ET" * 40))' > "$dir/brotli" ;;
        FuzzAnnotationJSON)
            python3 - "$dir" <<'PY'
import json, re, sys, pathlib
text = pathlib.Path("docs/annotations-json.md").read_text()
for n, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.S)):
    pathlib.Path(sys.argv[1], f"doc-{n}.json").write_text(block)
PY
            ;;
        FuzzOperation)
            printf '%s' '{"baseRevision":0,"clientId":"f","action":{"stroke":{"pageIndex":0,"points":[[100,100,0.5],[150,140,0.6]]}}}' > "$dir/stroke"
            printf '%s' '{"baseRevision":0,"clientId":"f","action":{"erase":{"pageIndex":0,"mode":"segment","size":8,"points":[[100,100]]}}}' > "$dir/erase"
            printf '%s' '{"baseRevision":0,"clientId":"f","operation":{"insertPage":{"index":1,"width":612,"height":792}}}' > "$dir/page"
            printf '%s' '{"baseRevision":0,"clientId":"f","undo":true}' > "$dir/undo"
            printf '%s' '{"protocol":1,"baseRevision":0,"clientId":"f","command":{"type":"add","annotation":{"type":"square","pageIndex":0,"rect":[10,10,90,60],"flags":["locked"]}}}' > "$dir/add"
            printf '%s' '{"protocol":1,"baseRevision":0,"clientId":"f","command":{"type":"restyle","ids":["x"],"color":"#FF0000","width":3,"fill":"none","fontSize":9}}' > "$dir/restyle"
            printf '%s' '{"protocol":1,"baseRevision":0,"clientId":"f","command":{"type":"move","ids":["x","y"],"dx":-1e3,"dy":2.5e-1}}' > "$dir/move"
            printf '%s' '{"protocol":1,"baseRevision":0,"clientId":"f","command":{"type":"movePage","from":0,"to":2}}' > "$dir/movepage" ;;
        FuzzXFDF)
            printf '%s' '<?xml version="1.0"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><ink page="0" color="#FF0000" width="2" rect="1,1,50,50"><inklist><gesture>10,10;20,30;40,20</gesture></inklist></ink><square page="0" rect="10,10,90,60"/></annots></xfdf>' > "$dir/ink.xfdf" ;;
        FuzzEditorEvents)
            head -c 4096 /dev/urandom > "$dir/random" ;;
        FuzzText)  # whole small PDFs (mode: their first byte, '%'), and each fuzzed part with its mode byte
            find "$corpus_dir" -name '*.pdf' -size -100k -exec cp {} "$dir/" \; 2>/dev/null
            printf '\x00BT /F1 12 Tf 72 700 Td (Hello \\001nd\\003) Tj [(W) 20 (or) -300 (ld)] TJ /F2 10 Tf <00010002> Tj /F3 10 Tf <65E5> Tj /F4 10 Tf (ab) Tj ET /X Do' > "$dir/content"
            printf '\x01begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <00> <05> [<0041> <0042>] endbfrange' > "$dir/cmap"
            python3 - "$dir" <<'PY'
import pathlib, sys
data = pathlib.Path("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf").read_bytes()
count = int.from_bytes(data[4:6], "big")
for i in range(count):
    tag, offset, length = data[12 + 16 * i:16 + 16 * i], int.from_bytes(data[20 + 16 * i:24 + 16 * i], "big"), int.from_bytes(data[24 + 16 * i:28 + 16 * i], "big")
    if tag == b"CFF ":
        pathlib.Path(sys.argv[1], "cff").write_bytes(b"\x02" + data[offset:offset + length])
pathlib.Path(sys.argv[1], "type1").write_bytes(b"\x03" + pathlib.Path("/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1").read_bytes()[:20000])
pathlib.Path(sys.argv[1], "truetype").write_bytes(b"\x04" + pathlib.Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf").read_bytes()[:300000])
PY
            ;;
    esac
    [ -d "Fuzz/seeds/$target" ] && cp Fuzz/seeds/"$target"/* "$dir/" 2>/dev/null
    return 0
}

failed=0
for target in "${targets[@]}"; do
    echo "== $target: building"
    if ! swift build "${flags[@]}" --product "$target" > "$scratch-$target.log" 2>&1; then
        tail -n 20 "$scratch-$target.log"; echo "== $target: build FAILED"; failed=1; continue
    fi
    binary="$(swift build "${flags[@]}" --show-bin-path)/$target"
    findings="Fuzz/findings/$target"
    mkdir -p "$findings"
    max_len=65536
    case "$target" in FuzzPDFFile|FuzzDocument|FuzzAcroForm|FuzzText) max_len=307200 ;; esac
    # Leak detection is off: Foundation's own error paths (XMLParser's errors, JSONDecoder's)
    # leak their allocations, which would stop every run at the first malformed input.
    options=(-detect_leaks=0 -timeout=2 -rss_limit_mb=2048 -max_len=$max_len -artifact_prefix="$findings/" -print_final_stats=1)
    if [ "$regressions" -eq 1 ] && [ -d "Fuzz/regressions/$target" ]; then
        echo "== $target: regression inputs"
        if ! "$binary" "${options[@]}" Fuzz/regressions/"$target"/*; then failed=1; fi
    fi
    work=".build-fuzz/corpus/$target"  # one working corpus, whichever build
    seed "$target" "$work"
    echo "== $target: fuzzing for $seconds s"
    "$binary" "${options[@]}" -max_total_time="$seconds" "$work" > "$scratch-$target-run.log" 2>&1
    status=$?
    tail -n 12 "$scratch-$target-run.log"
    if [ "$status" -ne 0 ]; then  # what went wrong and where, before the tail cuts it
        grep -E 'ERROR|SUMMARY|deadly signal|Fatal error|timeout after|out-of-memory|Test unit written|^ +#[0-9]+ ' \
            "$scratch-$target-run.log" | head -n 40
    fi
    for crash in "$findings"/crash-* "$findings"/timeout-* "$findings"/oom-*; do
        [ -e "$crash" ] || continue
        case "$crash" in *.min) continue ;; esac
        [ -e "$crash.min" ] || "$binary" -minimize_crash=1 -runs=20000 -exact_artifact_path="$crash.min" "$crash" >/dev/null 2>&1
    done
    if [ "$status" -ne 0 ]; then echo "== $target: FAILED (exit $status), inputs in $findings"; failed=1; fi
done
exit "$failed"
