#!/usr/bin/env bash
# fuzz/smoke.sh FUZZER WORK_DIR SECONDS [SEED_DIR]: a bounded libFuzzer run. New inputs go to
# WORK_DIR (in the build tree), never into the seed corpus in the repository.
set -euo pipefail
fuzzer=$1 work=$2 seconds=$3 seeds=${4:-}
mkdir -p "$work"
args=("$work")
[[ -n "$seeds" && -d "$seeds" ]] && args+=("$seeds")
exec "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 "${args[@]}"
