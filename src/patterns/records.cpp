#include "tengen/patterns/records.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/wait.h>

#include "tengen/sgf/position.h"
#include "tengen/util/random.h"

namespace tengen::patterns {

namespace {

namespace fs = std::filesystem;

bool ends_with(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    const char a = s[s.size() - suffix.size() + i];
    const char lower = a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a;
    if (lower != suffix[i]) return false;
  }
  return true;
}

bool contains_index(std::string_view name) {
  std::string lower(name);
  for (char& ch : lower) ch = ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
  return lower.find("index") != std::string::npos;
}

enum class Kind { Sgf, TarGz, LineXz, LineZip, LineText, Other };

Kind kind_of(const fs::path& path) {
  const std::string name = path.filename().string();
  if (ends_with(name, ".sgf") || ends_with(name, ".mgt")) return Kind::Sgf;
  if (contains_index(name)) return Kind::Other;
  if (ends_with(name, ".tar.gz") || ends_with(name, ".tgz")) return Kind::TarGz;
  if (ends_with(name, ".xz")) return Kind::LineXz;
  if (ends_with(name, ".zip")) return Kind::LineZip;
  if (ends_with(name, ".txt")) return Kind::LineText;
  return Kind::Other;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) {
    if (ch == '\'') {
      out += "'\\''";
    } else {
      out += ch;
    }
  }
  return out + "'";
}

// The whole output of a decompressor. Throws ReadError when it fails.
std::string command_output(const std::string& program, const std::string& path) {
  const std::string command = program + " " + shell_quote(path) + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw ReadError("cannot run '" + program + "' on '" + path + "'");
  std::string out;
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = pclose(pipe);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw ReadError("cannot read '" + path + "': '" + program + "' failed (is it installed? is the file whole?)");
  }
  return out;
}

std::string file_contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ReadError("cannot read '" + path.string() + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Walks one path, handing each parsed record to `take`, which applies the
// selection; take returns false to stop everything.
class Walker {
 public:
  Walker(ReadStats& stats, std::function<bool(GameRecord&&)> take) : stats_(stats), take_(std::move(take)) {}

  bool walk(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> entries;
      for (const auto& e : fs::directory_iterator(path, ec)) entries.push_back(e.path());
      if (ec) throw ReadError("cannot list '" + path.string() + "'");
      std::sort(entries.begin(), entries.end());
      for (const auto& e : entries) {
        if ((fs::is_directory(e, ec) || kind_of(e) != Kind::Other) && !walk(e)) return false;
      }
      return true;
    }
    if (!fs::exists(path, ec)) throw ReadError("no such file or folder: '" + path.string() + "'");
    const std::string name = path.filename().string();
    switch (kind_of(path)) {
      case Kind::Sgf: return sgf_text(file_contents(path), name);
      case Kind::TarGz: return tar(command_output("gzip -dc", path.string()), name);
      case Kind::LineXz: return lines(command_output("xz -dc", path.string()), name);
      case Kind::LineZip: return lines(command_output("unzip -p", path.string()), name);
      case Kind::LineText: return lines(file_contents(path), name);
      case Kind::Other: throw ReadError("'" + path.string() + "' is not a game collection (.sgf, .mgt, .tar.gz, .xz, .zip, .txt)");
    }
    return true;
  }

 private:
  void unreadable(const std::string& id, const std::string& why) {
    ++stats_.unreadable;
    if (stats_.first_error.empty()) stats_.first_error = id + ": " + why;
  }

  bool sgf_text(std::string_view text, const std::string& name) {
    std::vector<sgf::Game> games;
    try {
      games = sgf::parse_collection(text);
    } catch (const sgf::Error& e) {
      unreadable(name, e.what());
      return true;
    }
    for (std::size_t k = 0; k < games.size(); ++k) {
      GameRecord r{k == 0 ? name : name + "#" + std::to_string(k), std::move(games[k])};
      if (!take_(std::move(r))) return false;
    }
    return true;
  }

  bool lines(std::string_view text, const std::string& name) {
    std::size_t start = 0;
    for (std::int64_t line_no = 1; start < text.size(); ++line_no) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      start = end + 1;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
      const std::size_t tab = line.find('\t');
      const std::string id = name + ":" + (tab != std::string_view::npos && tab > 0 ? std::string(line.substr(0, tab))
                                                                                      : std::to_string(line_no));
      GameRecord r;
      r.id = id;
      try {
        r.game = sgf::parse_game_line(line);
      } catch (const sgf::Error& e) {
        unreadable(id, e.what());
        continue;
      }
      if (!take_(std::move(r))) return false;
    }
    return true;
  }

  // ustar / GNU tar: 512-byte headers, sizes in octal, long names in 'L'
  // entries or pax 'path' records.
  bool tar(std::string_view data, const std::string& name) {
    std::size_t at = 0;
    std::string long_name;
    while (at + 512 <= data.size()) {
      const std::string_view h = data.substr(at, 512);
      if (h.find_first_not_of('\0') == std::string_view::npos) break;  // end of archive
      std::uint64_t size = 0;
      std::size_t digit = 124;
      while (digit < 136 && h[digit] == ' ') ++digit;
      for (; digit < 136 && h[digit] >= '0' && h[digit] <= '7'; ++digit) size = size * 8 + (h[digit] - '0');
      const char type = h[156];
      auto field = [&](std::size_t from, std::size_t len) {
        const std::string_view f = h.substr(from, len);
        return std::string(f.substr(0, f.find('\0')));
      };
      std::string member = field(0, 100);
      if (h.substr(257, 5) == "ustar") {
        const std::string prefix = field(345, 155);
        if (!prefix.empty()) member = prefix + "/" + member;
      }
      at += 512;
      if (at + size > data.size()) {
        unreadable(name, "archive ends inside '" + member + "'");
        break;
      }
      const std::string_view body = data.substr(at, size);
      at += (size + 511) / 512 * 512;
      if (type == 'L') {
        long_name = std::string(body.substr(0, body.find('\0')));
        continue;
      }
      if (type == 'x') {
        const std::size_t p = body.find(" path=");
        if (p != std::string_view::npos) {
          const std::size_t e = body.find('\n', p);
          long_name = std::string(body.substr(p + 6, e - p - 6));
        }
        continue;
      }
      if (!long_name.empty()) member = long_name;
      long_name.clear();
      if ((type != '0' && type != '\0') || kind_of(member) != Kind::Sgf) continue;
      if (!sgf_text(body, name + "/" + member)) return false;
    }
    return true;
  }

  ReadStats& stats_;
  std::function<bool(GameRecord&&)> take_;
};

}  // namespace

bool parse_split(std::string_view text, Split* split) {
  if (text == "all") *split = Split::All;
  else if (text == "train") *split = Split::Train;
  else if (text == "test") *split = Split::Test;
  else return false;
  return true;
}

std::string_view split_name(Split split) {
  switch (split) {
    case Split::Train: return "train";
    case Split::Test: return "test";
    default: return "all";
  }
}

std::uint64_t fnv1a64(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char ch : text) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ULL;
  }
  return h;
}

bool is_test_game(std::string_view id) { return fnv1a64(id) % 10 == 0; }

std::string GameSelection::describe() const {
  std::ostringstream out;
  out << "split " << split_name(split);
  if (max_games > 0) out << ", at most " << max_games << " games per path";
  if (sample < 1.0) out << ", sample " << sample << " (seed " << seed << ")";
  out << ", from";
  for (const auto& p : paths) out << ' ' << p;
  return out.str();
}

void for_each_game(const GameSelection& selection, const std::function<bool(const GameRecord&)>& f,
                   ReadStats& stats) {
  for (const std::string& path : selection.paths) {
    std::int64_t taken = 0;
    bool stop = false;
    Walker walker(stats, [&](GameRecord&& r) {
      const bool test = is_test_game(r.id);
      const bool in_split = selection.split == Split::All || (selection.split == Split::Test) == test;
      const double u = static_cast<double>(splitmix64(fnv1a64(r.id) ^ splitmix64(selection.seed)) >> 11) * 0x1.0p-53;
      if (!in_split || u >= selection.sample) {
        ++stats.skipped;
        return true;
      }
      ++stats.games;
      ++taken;
      if (!f(r)) {
        stop = true;
        return false;
      }
      return selection.max_games <= 0 || taken < selection.max_games;
    });
    walker.walk(path);
    if (stop) return;
  }
}

int replay(const sgf::Game& record, const std::function<void(const Board&, Point, Color)>& f, bool* cut) {
  *cut = false;
  std::optional<Game> start;
  try {
    start.emplace(sgf::start_position(record, 7.5));
  } catch (const std::runtime_error&) {
    *cut = true;
    return 0;
  }
  Game& g = *start;
  g.set_superko(false);
  int played = 0;
  for (const sgf::Move& m : record.moves) {
    const Point p = sgf::move_point(m, record.size);
    if (!g.is_legal(p, m.color)) {
      *cut = true;
      break;
    }
    if (p != kPass) f(g.board(), p, m.color);
    g.play(p, m.color);
    ++played;
  }
  return played;
}

}  // namespace tengen::patterns
