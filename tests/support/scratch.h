#pragma once
// For tests that write files or run the real binary: a scratch folder per
// test, removed afterwards, and a way to run TENGEN_BINARY through the shell
// with stdin, stdout and stderr in files there.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tengen::test_support {

namespace fs = std::filesystem;

struct Outcome {
  int code = -1;  // exit status; -1 if killed by a signal
  std::string out;
  std::string err;
};

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Single-quoted for the shell.
inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

class ScratchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "tengen_test_XXXXXX").string();
    ASSERT_NE(mkdtemp(templ.data()), nullptr);
    dir_ = templ;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  fs::path write(const std::string& name, const std::string& contents) const {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << contents;
    return p;
  }

  // Runs `tengen <args>` (args already shell-safe) with `input` on stdin.
  Outcome tengen(const std::string& args, const std::string& input = "") const {
    const fs::path in = write("stdin.txt", input);
    const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string command = shell_quote(TENGEN_BINARY) + " " + args + " < " + shell_quote(in.string()) + " > " +
                                shell_quote(out.string()) + " 2> " + shell_quote(err.string());
    const int status = std::system(command.c_str());
    Outcome r;
    r.code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  fs::path dir_;
};

}  // namespace tengen::test_support
