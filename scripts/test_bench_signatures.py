#!/usr/bin/env python3
"""Tests for scripts/bench_signatures.py with a fake engine whose answers a
test sets: a stored signature that still holds passes, one that moved fails
with exit 1, --update stores the new one, and a GTP error is an error.
Run with `python3 -m unittest discover -s scripts -p 'test_*.py'`."""

import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fake_gtp  # noqa: E402

# bench --search prints FAKE_SIGNATURE; in GTP mode it answers every command
# with "= ok" (or "? no" for a command named "bad").
FAKE_ENGINE = r'''
    import os
    if sys.argv[1:3] == ["bench", "--search"]:
        print("best D4, signature " + os.environ["FAKE_SIGNATURE"])
        sys.exit(0)
    def answer(command, args):
        if command == "bad":
            raise Refuse("no")
        return "" if command == "quit" else "ok " + os.environ["FAKE_SIGNATURE"]
    serve(answer)
'''


class BenchSignaturesTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        d = pathlib.Path(self.dir.name)
        self.engine = fake_gtp.write_engine(str(d), FAKE_ENGINE, "fake-tengen")
        self.file = d / "signatures.txt"

    def tearDown(self):
        self.dir.cleanup()

    def run_script(self, signature, *extra):
        env = dict(os.environ, FAKE_SIGNATURE=signature)
        return subprocess.run([sys.executable, str(HERE / "bench_signatures.py"), "--tengen", str(self.engine),
                               "--file", str(self.file), *extra], capture_output=True, text=True, env=env)

    def test_a_signature_that_holds_passes_and_one_that_moved_fails(self):
        self.file.write_text("# c\nsearch | 00000000000000aa | --size 9\n")
        self.assertEqual(self.run_script("00000000000000aa").returncode, 0)
        moved = self.run_script("00000000000000bb")
        self.assertEqual(moved.returncode, 1)
        self.assertIn("CHANGED from 00000000000000aa", moved.stdout)

    def test_update_stores_the_new_signatures_and_keeps_the_rest(self):
        self.file.write_text("# c\nsearch | 00000000000000aa | --size 9\ngame | 1 | gtp | --playouts 1 | play b d4\n")
        self.assertEqual(self.run_script("00000000000000bb", "--update").returncode, 0)
        text = self.file.read_text()
        self.assertIn("# c\nsearch | 00000000000000bb | --size 9\n", text)
        self.assertNotIn("game | 1 |", text)
        self.assertEqual(self.run_script("00000000000000bb").returncode, 0)
        self.assertEqual(self.run_script("00000000000000cc").returncode, 1)  # the GTP answer moved too

    def test_a_refused_gtp_command_is_an_error_not_a_signature(self):
        self.file.write_text("game | 1 | gtp | --playouts 1 | play b d4; bad\n")
        result = self.run_script("00000000000000aa")
        self.assertEqual(result.returncode, 2)
        self.assertIn("ERROR", result.stdout)

    def test_a_malformed_line_is_refused(self):
        self.file.write_text("only | two\n")
        result = self.run_script("00000000000000aa")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("expected", result.stderr)


if __name__ == "__main__":
    unittest.main()
