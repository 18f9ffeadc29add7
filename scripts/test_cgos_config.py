"""The CGOS client configurations shipped in configs/, read the way each
client documents its format.

configs/cgos-python-client.conf is for the Python client (client-python in
the CGOS repository: doc/index.html and src/config.py): a line ending in ':'
opens a section, `key = value` lines follow, lines starting with '#' are
comments; a Common section with a KillFile and at least one GTPEngine section with
CommandLine, ServerHost, ServerPort, ServerUser, ServerPassword and
NumberOfGames (an integer above 0) are required. configs/cgos-tcl-client.conf
is for the Tcl client (client/cgosGtp.tcl): `%section server` with server and
port, and `%section player` sections with name, password, invoke and an
integer priority.

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""
import os
import re
import shlex
import subprocess
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PYTHON_CONFIG = os.path.join(ROOT, "configs", "cgos-python-client.conf")
TCL_CONFIG = os.path.join(ROOT, "configs", "cgos-tcl-client.conf")
PLACEHOLDER = "/path/to/tengen"


class ConfigError(Exception):
    pass


def read_python_client_config(path):
    """Sections as (name, {key: value}) in file order, as the Python client
    reads them, then checked the way it checks them."""
    sections = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line[0] == "#":
                continue
            if line[-1] == ":":
                sections.append((line[:-1], {}))
            elif "=" in line and sections:
                key, value = line.split("=", 1)
                sections[-1][1][key.strip()] = value.strip()
    engines = [values for name, values in sections if name == "GTPEngine"]
    commons = [values for name, values in sections if name == "Common"]
    if not engines or not commons:
        raise ConfigError("At least one engine must be defined in the configuration, "
                          "as well as a common section")
    for engine in engines:
        for req in ("CommandLine", "ServerHost", "ServerPort", "ServerUser",
                    "ServerPassword", "NumberOfGames"):
            if req not in engine:
                raise ConfigError("Mandatory engine attribute missing: " + req)
        try:
            if int(engine["NumberOfGames"]) <= 0:
                raise ConfigError("NumberOfGames must be greater than zero")
        except ValueError:
            raise ConfigError("NumberOfGames must be an integer")
    for common in commons:
        if "KillFile" not in common:
            raise ConfigError("Mandatory common section attribute missing: KillFile")
    return sections


def read_tcl_client_config(path):
    """(server, port, players) as the Tcl client reads them: each player a
    dict of name, password, invoke and priority."""
    tokens = ("server", "port", "name", "password", "invoke", "priority")
    server = port = None
    players = []
    current, values = None, {}

    def close():
        nonlocal server, port
        if current == "player":
            players.append(dict(values))
        elif current == "server":
            server, port = values.get("server"), values.get("port")

    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = re.match(r"^%section\s+(\S+)", line)
            if m:
                close()
                current, values = m.group(1), {}
                continue
            line = line.strip()
            word = line.split(" ")[0] if line else ""
            if word in tokens:
                m = re.match(r"^\S+\s+(.+)", line)
                if not m:
                    raise ConfigError("Improperly formatted configuration file line: %d" % number)
                values[word] = m.group(1)
    close()
    if server is None or port is None:
        raise ConfigError("no server section with server and port")
    for player in players:
        for req in tokens[2:]:
            if req not in player:
                raise ConfigError("player without " + req)
        if not re.fullmatch(r"\d+", player["priority"]):
            raise ConfigError("Illegal format for priority.  Must be integer >= 0")
    if sum(int(p["priority"]) for p in players) <= 0:
        raise ConfigError("Priority values do not allow any players on server.")
    return server, port, players


class TengenCommandLine(unittest.TestCase):
    """Checks on the command line a client would start."""

    def check_command(self, command, shell_split):
        args = shlex.split(command) if shell_split else command.split()
        self.assertTrue(args[0].startswith(PLACEHOLDER + "/"), args[0])
        self.assertTrue(args[0].endswith("/build/tengen"), args[0])
        self.assertIn("--config", args)
        config = args[args.index("--config") + 1].replace(PLACEHOLDER, ROOT)
        self.assertTrue(os.path.isfile(config), config)
        binary = args[0].replace(PLACEHOLDER, ROOT)
        if not os.access(binary, os.X_OK):
            return  # not built: the configuration's own checks stand
        real = [binary] + [a.replace(PLACEHOLDER, ROOT) for a in args[1:]]
        run = subprocess.run(real, input="list_commands\nquit\n", capture_output=True,
                             text=True, timeout=120)
        self.assertEqual(run.returncode, 0, run.stderr[-2000:])
        for command in ("boardsize", "clear_board", "komi", "play", "genmove", "quit",
                        "time_left", "time_settings", "kata-genmove_analyze"):
            self.assertIn("\n" + command + "\n", "\n" + run.stdout, command)


class PythonClientConfig(TengenCommandLine):
    def test_the_shipped_configuration_reads_as_the_client_reads_it(self):
        sections = read_python_client_config(PYTHON_CONFIG)
        engines = [v for n, v in sections if n == "GTPEngine"]
        self.assertEqual(len(engines), 1)
        self.assertTrue(engines[0]["ServerPort"].isdigit(), engines[0]["ServerPort"])
        self.check_command(engines[0]["CommandLine"], shell_split=False)

    def test_the_tcl_format_is_refused_as_the_client_refuses_it(self):
        # What the client said of the configuration Tengen shipped before.
        with self.assertRaisesRegex(ConfigError, "At least one engine must be defined"):
            read_python_client_config(TCL_CONFIG)


class TclClientConfig(TengenCommandLine):
    def test_the_shipped_configuration_reads_as_the_client_reads_it(self):
        server, port, players = read_tcl_client_config(TCL_CONFIG)
        self.assertTrue(port.isdigit(), port)
        self.assertEqual(len(players), 1)
        self.check_command(players[0]["invoke"], shell_split=True)


class ConfigReferences(unittest.TestCase):
    def test_every_config_file_named_in_configs_and_the_readme_exists(self):
        named = set()
        for path in [os.path.join(ROOT, "README.md")] + [
                os.path.join(ROOT, "configs", n) for n in os.listdir(os.path.join(ROOT, "configs"))]:
            with open(path, encoding="utf-8") as f:
                named.update(re.findall(r"configs/[\w.-]+\.(?:cfg|conf|ini)", f.read()))
        self.assertIn("configs/cgos-python-client.conf", named)
        for name in sorted(named):
            self.assertTrue(os.path.isfile(os.path.join(ROOT, name)), name + " is named but missing")


if __name__ == "__main__":
    unittest.main()
