#!/bin/sh
# Connecting to a lobby that is not there (docs/cli.md, "Connecting"): against a 127.0.0.1 UDP
# port where nothing listens, `parley play`, `bot`, `rooms` and `watch` say the address while
# they wait and end with exit 4 (the lobby could not be reached) on their own: `play` at the
# default --connect-timeout, the others at --connect-timeout 1. A command still running after
# 30 s is stopped by its id and fails the test (it would have waited for --give-up).
#   connect_test.sh PARLEY
set -eu
parley=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/parley-connect-test.XXXXXX")
pid=""
finish() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap finish EXIT
failed() {
  echo "FAILED: $*" >&2
  for f in "$work"/err*; do [ -f "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; }; done
  exit 1
}
# A UDP port on 127.0.0.1 that was free a moment ago: nothing answers there.
port=$(python3 -c 'import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
address="127.0.0.1:$port"
export HOME="$work/home"
mkdir -p "$HOME"
# The person's input stays open (a FIFO held by this shell): the command ends by itself.
mkfifo "$work/in"
exec 3<>"$work/in"

# Runs `parley ARGS...` in the background, its standard error in $work/err$n; checks that the
# address is said while it still runs, then that it ends by itself with exit 4 within 30 s.
n=0
check() {
  n=$((n + 1))
  "$parley" "$@" --lobby "$address" <&3 >"$work/out$n" 2>"$work/err$n" &
  pid=$!
  tenths=0
  said=false
  while kill -0 "$pid" 2>/dev/null; do
    if ! $said && grep -q -F "$address" "$work/err$n" 2>/dev/null; then
      said=true
      kill -0 "$pid" 2>/dev/null || failed "parley $1: the address was said only as it ended"
    fi
    tenths=$((tenths + 1))
    if [ $tenths -gt 300 ]; then failed "parley $*: still waiting after 30 s"; fi
    sleep 0.1
  done
  status=0
  wait "$pid" || status=$?
  pid=""
  $said || grep -q -F "$address" "$work/err$n" || failed "parley $*: the address is not in its messages"
  [ "$status" -eq 4 ] || failed "parley $*: exit status $status, not 4"
}
check play chess --data "$work/data" --identity "$work/key"
check bot chess --data "$work/data" --connect-timeout 1
check rooms --connect-timeout 1
check watch --room 1 --connect-timeout 1
# --connect-timeout out of range is a usage error.
status=0
"$parley" rooms --lobby "$address" --connect-timeout 0 >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || failed "--connect-timeout 0: exit status $status, not 2"
echo ok
