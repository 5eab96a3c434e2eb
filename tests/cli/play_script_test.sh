#!/bin/sh
# scripts/play as a person meets it (docs/cli.md, "scripts/play"):
#   play_script_test.sh feedback SOURCE_DIR   with a stand-in cmake and stand-in programs: the
#       script says what it does before it configures, shows the build's percentages, starts
#       the lobby and says where, and tells a game left unfinished (exit 1)
#   play_script_test.sh resume SOURCE_DIR BUILD_DIR   with the real programs at the terminal: a
#       move, the input closed mid-game (exit 1, no log), then scripts/play again takes the same
#       game up (its first move is in the PGN) and a resignation ends it (exit 0, a log)
# Every process is started through scripts/play, which stops its own by their ids; this test
# stops scripts/play by its id when it fails.
set -eu
mode=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/parley-play-test.XXXXXX")
play_pid=""
finish() {
  if [ -n "$play_pid" ]; then kill "$play_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap finish EXIT
failed() {
  echo "FAILED: $*" >&2
  for f in "$work"/out*; do [ -f "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; }; done
  exit 1
}
# Waits (at most $3 seconds) until file $1 holds a line matching the basic regular expression $2.
wait_for() {
  n=0
  until grep -q -- "$2" "$1" 2>/dev/null; do
    n=$((n + 1))
    [ $n -le $(($3 * 10)) ] || failed "no '$2' in $1 after $3 s"
    if [ -n "$play_pid" ] && ! kill -0 "$play_pid" 2>/dev/null; then
      grep -q -- "$2" "$1" 2>/dev/null && return 0
      failed "scripts/play ended before '$2' appeared in $1"
    fi
    sleep 0.1
  done
}
export HOME="$work/home" XDG_DATA_HOME="" XDG_STATE_HOME="" DISPLAY="" WAYLAND_DISPLAY=""
mkdir -p "$HOME"

case $mode in
feedback)
  # A cmake that records whether the script had said something before it was called, prints
  # a build's percentages, and leaves stand-in programs: a lobby that says its address, a bot
  # that says what it plays, a person's seat that ends at once.
  mkdir -p "$work/bin"
  cat >"$work/bin/cmake" <<'STUB'
#!/bin/sh
case $1 in
  --build)
    printf '[  3%%] Building CXX object game/a.o\n[ 47%%] Building CXX object peer/b.o\n'
    printf 'not a percentage [x%%]\n[100%%] Built target parley\n'
    cat >"$2/parley-lobby" <<'EOT'
#!/bin/sh
echo "parley-lobby: listening on 127.0.0.1:4242" >&2
exec sleep 600
EOT
    cat >"$2/parley" <<'EOT'
#!/bin/sh
case $1 in
  bot) echo "stockfish at level 6 of 8" >&2; exec sleep 600 ;;
  *) exit 1 ;;
esac
EOT
    chmod +x "$2/parley" "$2/parley-lobby"
    ;;
  *)
    if grep -q '^play: ' "$STUB_OUT"; then echo yes >"$STUB_MARK"; else echo no >"$STUB_MARK"; fi
    echo "-- Configuring done"
    ;;
esac
STUB
  chmod +x "$work/bin/cmake"
  mkdir -p "$work/build"
  status=0
  STUB_OUT="$work/out" STUB_MARK="$work/mark" PATH="$work/bin:$PATH" PARLEY_PLAY_BUILD="$work/build" \
    sh "$src/scripts/play" --terminal --level 6 </dev/null >"$work/out" 2>&1 || status=$?
  [ "$status" -eq 1 ] || failed "exit status $status, not 1 (a game left unfinished)"
  [ "$(cat "$work/mark")" = yes ] || failed "nothing was said before configuring"
  for percent in 3% 47% 100%; do grep -q "$percent" "$work/out" || failed "no $percent shown"; done
  grep -q "127.0.0.1:4242" "$work/out" || failed "the lobby's address was not shown"
  grep -q "level 6 of 8" "$work/out" || failed "the opponent was not named"
  # A wrong level is refused before anything is done.
  status=0
  PATH="$work/bin:$PATH" sh "$src/scripts/play" --level 9 </dev/null >"$work/out-usage" 2>&1 || status=$?
  [ "$status" -eq 2 ] || failed "--level 9: exit status $status, not 2"
  ;;

resume)
  build=$3
  fifo="$work/in"
  mkfifo "$fifo"
  start() {
    PARLEY_PLAY_PROGRAMS="$build" sh "$src/scripts/play" --terminal --level 1 <"$fifo" >"$work/out$1" 2>&1 &
    play_pid=$!
    exec 3>"$fifo"
  }
  ended() {  # waits for scripts/play to end; its exit status in $status
    status=0
    wait "$play_pid" || status=$?
    play_pid=""
  }
  # The first run: whichever colour this seat has, e4 (White) or e5 (Black) is a legal first
  # move; the other is refused or played later. Then the input closes mid-game.
  start 1
  wait_for "$work/out1" "your move> " 60
  echo e4 >&3
  echo e5 >&3
  wait_for "$work/out1" "White: e4\|Black: e5" 30
  exec 3>&-
  ended
  [ "$status" -eq 1 ] || failed "first run: exit status $status, not 1"
  if ls "$HOME/.local/share/parley/logs/"*.plog >/dev/null 2>&1; then failed "a log was written for an unfinished game"; fi
  # The second run takes the same game up, and resigns it.
  start 2
  wait_for "$work/out2" "resuming the game in room 1" 60
  wait_for "$work/out2" "your move> \|waiting for your opponent" 30
  echo resign >&3
  exec 3>&-
  ended
  [ "$status" -eq 0 ] || failed "second run: exit status $status, not 0"
  ls "$HOME/.local/share/parley/logs/"*.plog >/dev/null 2>&1 || failed "no log"
  grep -q '^1\. [a-zA-Z0-9]* e5\|^1\. e4' "$work/out2" || failed "the PGN lacks the first run's move"
  ;;
*) echo "usage: play_script_test.sh feedback|resume SOURCE_DIR [BUILD_DIR]" >&2; exit 2 ;;
esac
echo "ok"
