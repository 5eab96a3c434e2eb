#!/usr/bin/env python3
"""A person at a terminal, driven through a pseudo-terminal (docs/cli.md, "scripts/play").

The README's path from a built tree: `scripts/play --terminal --level 1` with the programs of
BUILD_DIR (PARLEY_PLAY_PROGRAMS), in Italian (LANG=it_IT.UTF-8), so that nothing below reads the
English words: the progress lines are told by the script's `play:` tag, the side by the board's
file letters, a turn by the boards printed and the prompt's "> ". It plays a few moves, types a
move that is no move (a typed SAN error, the game goes on with nothing played) and one that no
piece can make here, resigns, and checks the exit status and the game log the run left: `parley
verify` says it is valid (exit 0, JSON codes), the resigning side lost, and the moves played are
the ones in the log's PGN. A typo of a command gets its suggestion (exit 2). Every process is
stopped by its id; the whole run is bounded (about 10 s; it fails past 60 s).

  terminal_session_test.py SOURCE_DIR BUILD_DIR
"""
import glob
import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SOURCE, BUILD = sys.argv[1], sys.argv[2]
PARLEY = os.path.join(BUILD, "parley")
LIMIT_S = 60
FILES_WHITE = "a b c d e f g h"
FILES_BLACK = "h g f e d c b a"
MOVE_LINE = re.compile(r"^[^:\s]+: (?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?)[+#]?$", re.M)


class Failed(Exception):
    pass


class Terminal:
    """scripts/play on the child side of a pty; everything it printed kept as text."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execvpe(argv[0], argv, env)
        self.text = ""
        self.status = None
        self.started = time.monotonic()

    def pump(self, wait_s=0.05):
        if time.monotonic() - self.started > LIMIT_S:
            raise Failed(f"still running after {LIMIT_S} s")
        ready, _, _ = select.select([self.fd], [], [], wait_s)
        if ready:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            self.text += chunk.decode("utf-8", "replace")
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.status = os.waitstatus_to_exitcode(status)

    def until(self, done, what):
        while not done():
            if self.status is not None:
                # Whatever it printed last is read before giving up.
                for _ in range(20):
                    self.pump(0.01)
                if done():
                    return
                raise Failed(f"scripts/play ended (status {self.status}) before {what}")
            self.pump()

    def type(self, line):
        os.write(self.fd, (line + "\n").encode())

    def boards(self):
        return self.text.count(FILES_WHITE) + self.text.count(FILES_BLACK)

    def moves(self):
        """The moves told so far, one line each ("<side>: <SAN>", the side in any language)."""
        return len(MOVE_LINE.findall(self.text.replace("\r", "")))

    def prompted(self):
        return self.text.rstrip(" ").endswith(">")

    def stop(self):
        if self.status is None:
            os.kill(self.pid, signal.SIGTERM)
            for _ in range(100):
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid == self.pid:
                    self.status = os.waitstatus_to_exitcode(status)
                    break
                time.sleep(0.05)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        os.close(self.fd)


def pgn_moves(pgn):
    """The SAN moves of a PGN's movetext: tags, comments, move numbers and the result left out."""
    body = "\n".join(line for line in pgn.splitlines() if not line.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    return [w for w in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", w)]


def main():
    work = tempfile.mkdtemp(prefix="parley-session-test.")
    terminal = None
    try:
        home = os.path.join(work, "home")
        os.makedirs(home)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "XDG_"))}
        env.update(HOME=home, DISPLAY="", WAYLAND_DISPLAY="", LANG="it_IT.UTF-8", LANGUAGE="",
                   PARLEY_PLAY_PROGRAMS=BUILD, PARLEY_PLAY_STATE=os.path.join(work, "state"), TERM="dumb")

        # A command's typo, through scripts/play's passthrough: the command it meant, exit 2.
        typo = subprocess.run(["sh", os.path.join(SOURCE, "scripts/play"), "--", "verfy"], env=env,
                              capture_output=True, text=True, timeout=30)
        if typo.returncode != 2 or "'verify'" not in typo.stderr:
            raise Failed(f"parley verfy: status {typo.returncode}, {typo.stderr!r}")

        terminal = Terminal(["sh", os.path.join(SOURCE, "scripts/play"), "--terminal", "--level", "1"], env)
        terminal.until(lambda: terminal.boards() >= 1 and terminal.prompted(), "the first board and prompt")
        progress = [line for line in terminal.text.splitlines() if line.startswith("play: ")]
        if len(progress) < 3:
            raise Failed(f"{len(progress)} progress lines before the board, not 3 or more")
        white = FILES_WHITE in terminal.text

        # This side's turn: the moves told so far say whose it is (White first), and the prompt is up.
        def wait_turn(what):
            terminal.until(lambda: terminal.moves() % 2 == (0 if white else 1) and terminal.prompted(), what)

        wait_turn("this side's first turn")
        # A typed move that is no move, and one in good notation that no piece can make here: each
        # answered, the prompt again, nothing played.
        for bad in ["e9", "Qxf7"]:
            before, told = len(terminal.text), terminal.moves()
            terminal.type(bad)
            terminal.until(lambda: len(terminal.text) > before + len(bad) + 2 and terminal.prompted(), f"an answer to {bad}")
            if terminal.moves() != told:
                raise Failed(f"{bad} was played")
        # Moves that are legal whatever the bot answered (no check can come in two moves here).
        played = ["e4", "Nf3"] if white else ["e5", "Nc6"]
        for move in played:
            told = terminal.moves()
            terminal.type(move)
            terminal.until(lambda: terminal.moves() >= told + 1, f"{move} played")
            wait_turn(f"the bot's answer to {move}")
        terminal.type("resign")
        terminal.until(lambda: terminal.status is not None, "the end after resigning")
        if terminal.status != 0:
            raise Failed(f"scripts/play: exit status {terminal.status} after resigning, not 0")

        logs = glob.glob(os.path.join(home, ".local/share/parley/logs/*.plog"))
        if len(logs) != 1:
            raise Failed(f"{len(logs)} game logs, not 1")
        # Held to the key of the lobby scripts/play started (its database in the state folder).
        lobby_key = os.path.join(work, "state", "lobby.db.key")
        verify = subprocess.run([PARLEY, "verify", "--json", "--lobby-key", lobby_key, logs[0]],
                                capture_output=True, text=True, timeout=30)
        if verify.returncode != 0:
            raise Failed(f"parley verify: status {verify.returncode}: {verify.stdout} {verify.stderr}")
        report = json.loads(verify.stdout)[0]
        if not report["valid"] or report["game"] != "chess":
            raise Failed(f"verify: {report}")
        if any(seat["verdict"] != "honest" for seat in report["seats"]):
            raise Failed(f"verify: a seat is not honest: {report['seats']}")
        # The resigning side lost: White is seat 0.
        if report["result"]["winner"] != (1 if white else 0):
            raise Failed(f"verify: the winner is {report['result']['winner']}, not the bot")
        pgn = subprocess.run([PARLEY, "pgn", "export", logs[0]], capture_output=True, text=True, timeout=30)
        if pgn.returncode != 0:
            raise Failed(f"parley pgn export: status {pgn.returncode}")
        moves = pgn_moves(pgn.stdout)
        mine = moves[0::2] if white else moves[1::2]
        if mine != played:
            raise Failed(f"the log's moves for this side are {mine}, not {played} (all: {moves})")
        print(f"ok: {len(moves)} half-moves, {'White' if white else 'Black'} resigned, "
              f"{len(progress)} progress lines, {time.monotonic() - terminal.started:.1f} s")
        return 0
    except Failed as e:
        print(f"FAILED: {e}", file=sys.stderr)
        if terminal is not None:
            print("--- the terminal:\n" + terminal.text[-6000:], file=sys.stderr)
        out = os.path.join(work, "state", "output")
        for name in ("lobby.err", "stockfish.out"):
            path = os.path.join(out, name)
            if os.path.exists(path):
                print(f"--- {name}:\n" + open(path, errors="replace").read()[-3000:], file=sys.stderr)
        return 1
    finally:
        if terminal is not None:
            terminal.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
