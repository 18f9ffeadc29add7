"""Scripted GTP engines for the script tests.

A test writes a small program with `write_engine(folder, body)`: the body
defines how the engine answers (a function of the command and its
arguments) and hands it to `serve`, which runs the GTP loop around it.
Each test keeps only what its engine does differently; the loop, the
reply format and the file handling live here once.
"""

import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))


class Refuse(Exception):
    """Raised by an answer function: the engine replies `? message`."""


def serve(answer, echo_commands=False, line_end="\n"):
    """Answer GTP commands on stdin until `quit` or the end of input.

    `answer(command, args)` returns the reply's text (`= text`) or raises
    Refuse (`? text`). With echo_commands every command line is copied to
    stderr as `got: ...`, so that a test can see what the engine was sent.
    line_end "\r\n" ends replies as a Windows build does.
    """
    for line in sys.stdin:
        if echo_commands:
            sys.stderr.write("got: " + line)
            sys.stderr.flush()
        words = line.split()
        if not words:
            continue
        try:
            reply = "= " + answer(words[0], words[1:])
        except Refuse as refusal:
            reply = "? " + str(refusal)
        sys.stdout.write(reply + line_end + line_end)
        sys.stdout.flush()
        if words[0] == "quit":
            break


def write_file(folder, name, text):
    """Write text to folder/name and return the path."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def write_engine(folder, body, name="fake.py"):
    """Write a fake engine whose program is body (it may use Refuse and serve,
    already imported) and return its path, which runs it: the scripts under
    test start some engines through a shell and others as a bare path."""
    header = "#!%s\nimport sys\nsys.path.insert(0, %r)\nfrom fake_gtp import Refuse, serve\n" % (sys.executable, HERE)
    path = write_file(folder, name, header + textwrap.dedent(body))
    os.chmod(path, 0o755)
    return path
