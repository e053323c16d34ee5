#!/usr/bin/env bash
# The README's first command: install what is missing, build a release binary and run the
# main job, the server with the browser editor: `marginalia serve` on http://127.0.0.1:8080
# with its store in ./marginalia-data (an empty store opens the built-in sample document).
# Extra arguments go to `marginalia serve` (for example: scripts/run.sh --port 9000 paper.pdf).
# Stop it with Ctrl-C: it finishes the requests in flight and exits.
set -euo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
scripts/build-wasm.sh
# The Swift runtime linked in: every command starts faster (docs/benchmarks.md, "build").
# The README and the benchmarks (Benchmarks/bench_common.py) build the same way.
swift build -c release --static-swift-stdlib
bin_path=$(swift build -c release --static-swift-stdlib --show-bin-path)
exec "$bin_path/marginalia" serve --data marginalia-data "$@"
