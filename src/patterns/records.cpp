#include "tengen/patterns/records.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

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

// A file libarchive reads as a stream: a .tar.gz (tar in gzip), a .xz (one
// xz-compressed stream: the "raw" format, one entry) or a .zip (its
// members). Every failure is a ReadError naming the file, with libarchive's
// own message.
class ArchiveFile {
 public:
  ArchiveFile(const fs::path& path, Kind kind) : path_(path.string()), a_(archive_read_new()) {
    if (!a_) throw ReadError("cannot read '" + path_ + "': out of memory");
    int filter = ARCHIVE_FILTER_NONE;
    const char* filter_name = "";
    switch (kind) {
      case Kind::TarGz:
        check(archive_read_support_filter_gzip(a_.get()));
        check(archive_read_support_format_tar(a_.get()));
        filter = ARCHIVE_FILTER_GZIP;
        filter_name = "gzip";
        break;
      case Kind::LineXz:
        check(archive_read_support_filter_xz(a_.get()));
        check(archive_read_support_format_raw(a_.get()));
        filter = ARCHIVE_FILTER_XZ;
        filter_name = "xz";
        break;
      default:  // Kind::LineZip
        check(archive_read_support_format_zip(a_.get()));
        break;
    }
    check(archive_read_open_filename(a_.get(), path_.c_str(), 1 << 16));
    // Without its filter libarchive would read the bytes as they are (the
    // raw format takes anything): a .xz that is not xz is an error, as it
    // was when `xz -dc` read it.
    if (archive_filter_code(a_.get(), 0) != filter) {
      throw ReadError("cannot read '" + path_ + "': not " + filter_name + "-compressed");
    }
  }

  // Steps to the next regular file; false after the last. Its path in the
  // archive goes to *member.
  bool next(std::string* member) {
    for (;;) {
      archive_entry* entry = nullptr;
      const int status = archive_read_next_header(a_.get(), &entry);
      if (status == ARCHIVE_EOF) return false;
      check(status);
      if (archive_entry_filetype(entry) != AE_IFREG || archive_entry_hardlink(entry)) continue;
      const char* name = archive_entry_pathname(entry);
      if (!name) name = archive_entry_pathname_utf8(entry);  // not convertible to the locale
      *member = name ? name : "";
      return true;
    }
  }

  // The next piece of the current entry; empty at its end.
  std::string_view read() {
    const la_ssize_t n = archive_read_data(a_.get(), buffer_.data(), buffer_.size());
    if (n < 0) fail();
    return {buffer_.data(), static_cast<std::size_t>(n)};
  }

 private:
  struct Free {
    void operator()(archive* a) const { archive_read_free(a); }
  };

  // ARCHIVE_WARN (say, a malformed pax attribute) still reads on.
  void check(int status) {
    if (status < ARCHIVE_WARN) fail();
  }

  [[noreturn]] void fail() {
    const char* why = archive_error_string(a_.get());
    throw ReadError("cannot read '" + path_ + "': " + (why ? why : "libarchive failed"));
  }

  std::string path_;
  std::unique_ptr<archive, Free> a_;
  std::vector<char> buffer_ = std::vector<char>(1 << 16);
};

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
    switch (const Kind kind = kind_of(path)) {
      case Kind::Sgf: return sgf_text(file_contents(path), name);
      case Kind::TarGz: return tar(path, name);
      case Kind::LineXz:
      case Kind::LineZip: return archived_lines(path, kind, name);
      case Kind::LineText: return text_lines(path, name);
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

  // The SGF members of a .tar.gz, one member in memory at a time.
  bool tar(const fs::path& path, const std::string& name) {
    ArchiveFile archive(path, Kind::TarGz);
    std::string member, text;
    while (archive.next(&member)) {
      if (kind_of(member) != Kind::Sgf) continue;
      text.clear();
      for (std::string_view piece; !(piece = archive.read()).empty();) text.append(piece);
      if (!sgf_text(text, name + "/" + member)) return false;
    }
    return true;
  }

  // A .xz's one stream, or a .zip's members one after another (what
  // `unzip -p` wrote, so line numbers run on across members).
  bool archived_lines(const fs::path& path, Kind kind, const std::string& name) {
    ArchiveFile archive(path, kind);
    std::string member;
    bool more = archive.next(&member);
    return lines(
        [&]() -> std::string_view {
          for (; more; more = archive.next(&member)) {
            const std::string_view piece = archive.read();
            if (!piece.empty()) return piece;
          }
          return {};
        },
        name);
  }

  bool text_lines(const fs::path& path, const std::string& name) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ReadError("cannot read '" + path.string() + "'");
    std::vector<char> buffer(1 << 16);
    return lines(
        [&]() -> std::string_view {
          in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
          if (in.bad()) throw ReadError("cannot read '" + path.string() + "'");
          return {buffer.data(), static_cast<std::size_t>(in.gcount())};
        },
        name);
  }

  // Cuts the text that read() hands out, piece by piece until an empty one,
  // into lines; only a line that spans pieces is held.
  template <typename Read>
  bool lines(Read&& read, const std::string& name) {
    std::string pending;
    std::int64_t line_no = 0;
    for (std::string_view piece; !(piece = read()).empty();) {
      pending.append(piece);
      std::size_t start = 0;
      for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
        if (!line(std::string_view(pending).substr(start, end - start), ++line_no, name)) return false;
      }
      pending.erase(0, start);
    }
    return pending.empty() || line(pending, ++line_no, name);
  }

  bool line(std::string_view line, std::int64_t line_no, const std::string& name) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) return true;
    const std::size_t tab = line.find('\t');
    const std::string id = name + ":" + (tab != std::string_view::npos && tab > 0 ? std::string(line.substr(0, tab))
                                                                                    : std::to_string(line_no));
    GameRecord r;
    r.id = id;
    try {
      r.game = sgf::parse_game_line(line);
    } catch (const sgf::Error& e) {
      unreadable(id, e.what());
      return true;
    }
    return take_(std::move(r));
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
