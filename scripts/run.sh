#!/usr/bin/env bash
# The README's first command: install what is missing, build a release binary and run the
# main job, which for now shows the bundled sample PDF with `marginalia info`.
# Extra arguments go to `marginalia info` (for example: scripts/run.sh --json).
set -euo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
swift build -c release
bin_path=$(swift build -c release --show-bin-path)
[ -f Samples/sample.pdf ] || python3 scripts/make_sample.py
exec "$bin_path/marginalia" info Samples/sample.pdf "$@"
