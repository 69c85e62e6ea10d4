#!/usr/bin/env bash
# Bounded fuzzing for CI: every fuzz target for at most FUZZ_SECONDS (default 60) each, starting
# from the committed seeds in fuzz/corpus/<target>/. Exits non-zero on any crash, panic, timeout
# or out-of-memory, after printing the failing input.
#
#   bash fuzz/run-ci.sh                 # all targets (`cargo fuzz list`), 60 s each
#   FUZZ_SECONDS=600 bash fuzz/run-ci.sh knights
#
# cargo-fuzz needs nightly-only rustc flags (sanitizers, -Zsancov); RUSTC_BOOTSTRAP=1 lets the
# stable toolchain accept them. cargo-fuzz itself is installed from crates.io when missing.
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
cargo_fuzz_version="0.13.2"
export RUSTC_BOOTSTRAP=1

start=$(date +%s)
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz $cargo_fuzz_version"
    cargo install cargo-fuzz --locked --version "$cargo_fuzz_version"
fi
echo "fuzz: $(cargo fuzz --version) ready after $(($(date +%s) - start)) s"

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

# One build for all targets (release, debug assertions, AddressSanitizer).
cargo fuzz build
echo "fuzz: targets built after $(($(date +%s) - start)) s"

for target in "${targets[@]}"; do
    work="fuzz/work/$target"   # the corpus this run grows (git-ignored); the seeds stay as committed
    mkdir -p "$work"
    echo "fuzz: $target for ${seconds} s"
    if ! cargo fuzz run "$target" "$work" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 2>"fuzz/work/$target.log"; then
        tail -n 60 "fuzz/work/$target.log"
        for crash in fuzz/artifacts/"$target"/*; do
            [ -f "$crash" ] || continue
            echo "fuzz: failing input $crash (first 512 bytes, hex):"
            head -c 512 "$crash" | od -A d -t x1
        done
        echo "fuzz: $target FAILED; reproduce with: RUSTC_BOOTSTRAP=1 cargo fuzz run $target <input>"
        exit 1
    fi
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done )' "fuzz/work/$target.log" || true
    echo "fuzz: $target passed"
done
echo "fuzz: all targets passed in $(($(date +%s) - start)) s"
