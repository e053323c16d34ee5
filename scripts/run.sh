#!/usr/bin/env bash
# The README's first command: install what is missing, build a release binary and run the
# main job. Until the server exists, that job generates the built-in sample document with
# the PDF generation API (`marginalia sample`, into build/sample.pdf) and describes it with
# `marginalia info`. Extra arguments go to `marginalia info` (for example: scripts/run.sh --json).
set -euo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
swift build -c release
bin_path=$(swift build -c release --show-bin-path)
mkdir -p build
"$bin_path/marginalia" sample -o build/sample.pdf
exec "$bin_path/marginalia" info build/sample.pdf "$@"
