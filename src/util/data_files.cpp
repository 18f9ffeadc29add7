#include "tengen/util/data_files.h"

#include <filesystem>

namespace tengen {

namespace fs = std::filesystem;

std::string shipped_pattern_file(const std::string& name) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const fs::path& candidate : {exe.parent_path() / ".." / "share" / "tengen" / "patterns" / name,
                                      exe.parent_path() / ".." / "patterns" / name}) {
      if (fs::is_regular_file(candidate, ec)) return candidate.lexically_normal().string();
    }
  }
  return std::string(TENGEN_SOURCE_DIR) + "/patterns/" + name;
}

}  // namespace tengen
