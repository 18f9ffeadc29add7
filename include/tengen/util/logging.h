#pragma once
// Logging goes to stderr only: stdout belongs to GTP.

#include <string>

namespace tengen {

// Installs the stderr logger at the given level (trace, debug, info, warn,
// error, off); false if the level is unknown.
bool setup_logging(const std::string& level);

}  // namespace tengen
