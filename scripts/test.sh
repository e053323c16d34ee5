#!/usr/bin/env bash
# The README's second command: install what the tests need, build, and run every test.
#
# Parts, in order: install dependencies, `swift build` (debug), `swift test`, the oracle
# suite (pytest over Tests/oracles, which drives the built `marginalia` against the corpus
# and checks its results with qpdf, pikepdf, PyMuPDF and pypdf, and feeds it hostile inputs
# and kills it mid-save), the server and browser suites (pytest over Tests/server, which
# starts, kills, restarts and abuses `marginalia serve`, and Tests/e2e, which drives the
# browser editor in Debian's Chromium through Playwright and in WebKitGTK's MiniBrowser through
# WebDriver, on an Xvfb display the suite starts itself), Schemathesis against a live server
# (Tests/server/test_schemathesis.py, from docs/openapi.json), and the fuzz smoke run (every
# regression input, then half a minute per libFuzzer target). A failing part does not stop
# the later ones (except that nothing runs without dependencies and the oracles need the
# build); the script exits non-zero if any part failed and ends with each part's summary line.
#
# Time (docs/testing.md): the server and browser suites can run in pytest-xdist workers (each
# with its own server, browser, Xvfb display and PostgreSQL cluster; MARGINALIA_TEST_WORKERS),
# and the fuzz targets' optimised build starts in the background, at the lowest CPU priority,
# once the debug build is done, so that it takes only the CPU the test suites leave idle; the
# fuzz smoke run waits for it.
#
# Environment:
#   MARGINALIA_CORPUS        the PDF corpus (default: ../shared/corpus beside the repository)
#   MARGINALIA_SCRATCH_PATH  a SwiftPM --scratch-path (default: .build)
#   PYTEST_ADDOPTS           extra pytest options, e.g. "-k compact" or "-x"
#   FUZZ_SMOKE_SECONDS       seconds of fuzzing per target in the smoke run (default 30)
#   MARGINALIA_SKIP_FUZZ=1   leave the fuzz smoke run out (a quick local run)
#   MARGINALIA_TEST_WORKERS  pytest-xdist workers for the server and browser suites (default 0:
#                            one process, one test at a time; 2 gives two workers, docs/testing.md)
set -uo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift_flags=()
if [ -n "${MARGINALIA_SCRATCH_PATH:-}" ]; then
    swift_flags+=(--scratch-path "$MARGINALIA_SCRATCH_PATH")
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
parts=()
failed=0

# record NAME STATUS SUMMARY: remembers one part's result for the closing summary.
record() {
    local name=$1 status=$2 summary=$3
    if [ "$status" -eq 0 ]; then
        parts+=("$(printf '%-13s ok      %s' "$name" "$summary")")
    else
        parts+=("$(printf '%-13s FAILED  %s' "$name" "$summary")")
        failed=1
    fi
}

# run NAME LOG COMMAND...: runs a part with its output shown and kept in LOG.
run() {
    local name=$1 log=$2; shift 2
    echo "== $name: $*"
    local start=$SECONDS
    "$@" 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    echo "== $name: exit $status after $((SECONDS - start)) s"
    return "$status"
}

run install-deps "$logs/deps" scripts/install-deps.sh --with-test-tools
deps_status=$?
record install-deps "$deps_status" "$(tail -n 1 "$logs/deps")"
if [ "$deps_status" -ne 0 ]; then
    printf '%s\n' "== summary" "${parts[@]}"
    exit 1
fi

# Every file a test reads from outside the repository must be there now (scripts/test-inputs.tsv
# names the package that installs each): a missing one fails here, by name, not as a test
# failure half an hour later.
missing_inputs=0
while IFS=$'\t' read -r path package reader; do
    if [ ! -e "$path" ]; then
        echo "test inputs: missing $path (Debian package $package; read by $reader)" >&2
        missing_inputs=1
    fi
done < <(grep -v '^#' scripts/test-inputs.tsv)
record "test inputs" "$missing_inputs" "$(grep -vc '^#' scripts/test-inputs.tsv) files outside the repository"
if [ "$missing_inputs" -ne 0 ]; then
    printf '%s\n' "== summary" "${parts[@]}"
    exit 1
fi

# The editor engine as WebAssembly (the browser suite loads it).
run "wasm" "$logs/wasm" scripts/build-wasm.sh --force
record "wasm" $? "$(tail -n 1 "$logs/wasm")"

run "swift build" "$logs/build" swift build "${swift_flags[@]}"
build_status=$?
record "swift build" "$build_status" "$(grep -E 'Compiling|Build complete|error:' "$logs/build" | tail -n 1)"

# The fuzz targets' build (optimised, with the sanitizers; the flags are scripts/fuzz.sh
# --release's) starts now, in the background at nice 19: on two cores the suites below leave
# much of the CPU idle while they wait on browsers, servers and databases, and the build takes
# that, never the tests' share. The fuzz smoke run at the end waits for it and then finds its
# targets built (a failure here is the smoke run's to report: it builds again and says why).
fuzz_build_pid=
if [ "${MARGINALIA_SKIP_FUZZ:-0}" != 1 ]; then
    echo "== fuzz build: started in the background (nice 19; log kept for the fuzz smoke run)"
    (
        start=$SECONDS
        export MARGINALIA_FUZZ=1  # Package.swift declares the fuzz targets only then
        for target in $(grep -oE '\("Fuzz[A-Za-z0-9]+"' Package.swift | tr -d '("'); do
            nice -n 19 swift build -c release --scratch-path .build-fuzz-release --sanitize=fuzzer \
                -Xswiftc -sanitize=fuzzer,address --product "$target" || break
        done
        echo "== fuzz build: done after $((SECONDS - start)) s"
    ) > "$logs/fuzz-build" 2>&1 &
    fuzz_build_pid=$!
fi

# The HTTP server's lifecycle tests run on their own after the rest: in parallel on two
# cores, tests that block (PostgreSQL clusters, saves of large files) starved the threads the
# test servers' handlers need, and those tests waited for answers that never came.
run "swift test" "$logs/test" swift test --skip HTTPLifecycleTests "${swift_flags[@]}"
test_status=$?
run "swift test (HTTP lifecycle)" "$logs/test-lifecycle" \
    swift test --skip-build --filter HTTPLifecycleTests "${swift_flags[@]}" || test_status=1
# XCTest prints "Executed N tests", Swift Testing "Test run with N tests ..." (last): the
# summary gives both runs' lines, the lifecycle run's after a semicolon.
test_counts() {
    grep -E 'Executed [0-9]+ tests?|Test run with [0-9]+ tests?|^error:|: error:' "$1" | tail -n 2 |
        sed 's/^[[:space:]]*//' | paste -sd '|' - | sed 's/|/ | /g'
}
record "swift test" "$test_status" "$(test_counts "$logs/test"); lifecycle: $(test_counts "$logs/test-lifecycle")"

if [ "$build_status" -eq 0 ]; then
    bin_path=$(swift build "${swift_flags[@]}" --show-bin-path)
    export MARGINALIA_BIN="$bin_path/marginalia"
    run oracles "$logs/oracles" python3 -m pytest -q Tests/oracles
    oracle_status=$?
    # pytest's closing line: "N passed, M failed, ... in S s" (exit 5 means none ran: a failure).
    record oracles "$oracle_status" "$(grep -E '[0-9]+ (passed|failed|error|skipped)|no tests ran' "$logs/oracles" | tail -n 1)"
    # The server over real HTTP (kills and restarts) and the browser editor in Chromium and WebKit.
    browser_suites=(Tests/server)
    [ -d Tests/e2e ] && browser_suites+=(Tests/e2e)
    # With MARGINALIA_TEST_WORKERS, in pytest-xdist workers: each has its own `marginalia serve`, Chromium, MiniBrowser on an
    # Xvfb display of its own, and PostgreSQL cluster; the work-stealing scheduler hands the
    # suites out in collection order (the server tests, then every test in Chromium, then every
    # test in WebKit), so a worker mostly stays in one engine.
    # Workers are not the default yet: on two busy cores, WebKit tests ran into their own
    # deadlines more often with workers than without (docs/testing.md, "Measured").
    workers=${MARGINALIA_TEST_WORKERS:-0}
    xdist=()
    [ "$workers" -gt 0 ] && xdist=(-n "$workers" --dist worksteal)
    # The 25 slowest tests close the log: CI's time is bounded, and this shows where it goes.
    run "server+web" "$logs/server" python3 -m pytest -q --durations=25 "${xdist[@]}" "${browser_suites[@]}" --ignore=Tests/server/test_schemathesis.py
    server_status=$?
    record "server+web" "$server_status" "$(grep -E '[0-9]+ (passed|failed|error|skipped)|no tests ran' "$logs/server" | tail -n 1)"
    # The API tested by machines: Schemathesis from docs/openapi.json against a live server, with
    # and without the token, a bounded number of examples per operation (docs/server-robustness.md).
    run schemathesis "$logs/schemathesis" python3 -m pytest -q -s Tests/server/test_schemathesis.py
    schemathesis_status=$?
    record schemathesis "$schemathesis_status" "$(grep -E '[0-9]+ (passed|failed|error|skipped)|no tests ran' "$logs/schemathesis" | tail -n 1); $(grep -oE 'schemathesis with the token: [0-9]+ s' "$logs/schemathesis" | tail -n 1)"
else
    record oracles 1 "not run: the build failed"
    record "server+web" 1 "not run: the build failed"
    record schemathesis 1 "not run: the build failed"
fi

# The fuzz smoke run: every saved regression input once, then each target fuzzed briefly
# from its seeds (an optimised sanitizer build of its own, in .build-fuzz-release; docs/fuzzing.md).
if [ "${MARGINALIA_SKIP_FUZZ:-0}" = 1 ]; then
    record "fuzz smoke" 0 "skipped (MARGINALIA_SKIP_FUZZ=1)"
else
    if [ -n "$fuzz_build_pid" ]; then
        echo "== fuzz build: waiting for it"
        wait "$fuzz_build_pid"
        tail -n 3 "$logs/fuzz-build"
    fi
    FUZZ_SMOKE_SECONDS=${FUZZ_SMOKE_SECONDS:-30} run "fuzz smoke" "$logs/fuzz" scripts/fuzz.sh --release --regressions
    fuzz_status=$?
    # A failure names its target and the input libFuzzer wrote, here where a long log is cut.
    found="$(grep -E '^== .*FAILED|Test unit written to|^SUMMARY: ' "$logs/fuzz" | tr '\n' ' ')"
    record "fuzz smoke" "$fuzz_status" "$(grep -cE '^== .*: fuzzing for' "$logs/fuzz") targets, $(grep -E '^Done [0-9]+ runs' "$logs/fuzz" | awk '{s += $2} END {print s + 0}') executions${found:+ | $found}"
fi

printf '%s\n' "== summary" "${parts[@]}"
exit "$failed"
