#!/usr/bin/env bash
# Builds the editor engine's core (Sources/MarginaliaCore) with Embedded Swift for wasm32, the
# module the browser editor runs: Web/wasm/marginalia-core.wasm (not committed; rebuilt by
# scripts/run.sh and scripts/test.sh). The same sources build natively for the server, the
# CLI and `swift test`; Sources/CoreShim supplies the few Foundation types Embedded Swift
# lacks. Needs Debian's wasi-libc (malloc, free, libm) and the toolchain's wasm-ld.
#
#   scripts/build-wasm.sh            build if any source is newer than the module
#   scripts/build-wasm.sh --force    build whatever the dates
set -euo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=Web/wasm/marginalia-core.wasm
libc=/usr/lib/wasm32-wasi/libc.a
# String comparison, hashing and Character need the Unicode tables, a library of their own in
# Embedded Swift.
unicode=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/CoreShim Sources/MarginaliaCore -name '*.swift' -print0 | sort -z)

if [ "${1:-}" != "--force" ] && [ -f "$out" ] && [ -z "$(find Sources/CoreShim Sources/MarginaliaCore scripts/build-wasm.sh -newer "$out" -print -quit)" ]; then
    echo "build-wasm: $out is up to date"
    exit 0
fi
if [ ! -f "$libc" ]; then
    echo "build-wasm: $libc is missing (Debian package wasi-libc; scripts/install-deps.sh installs it)" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$(dirname "$out")"
swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
    -enable-experimental-feature Extern -wmo -O -parse-as-library \
    -Xfrontend -disable-stack-protector -module-name MarginaliaCore \
    "${sources[@]}" -c -o "$work/core.o"
# MARGINALIA_WASM_KEEP_NAMES=1 keeps the functions' names (for a browser profiler).
strip=--strip-all
[ -n "${MARGINALIA_WASM_KEEP_NAMES:-}" ] && strip=--strip-debug
wasm-ld --no-entry --gc-sections "$strip" "$work/core.o" "$unicode" "$libc" -o "$work/core.wasm"
mv "$work/core.wasm" "$out"
echo "build-wasm: $out ($(($(stat -c %s "$out") / 1024)) KiB from ${#sources[@]} sources)"
