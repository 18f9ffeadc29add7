#include "tengen/util/logging.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace tengen {

bool setup_logging(const std::string& level) {
  const auto parsed = spdlog::level::from_str(level);
  // from_str maps unknown names to "off"; only "off" itself may mean off.
  if (parsed == spdlog::level::off && level != "off") return false;
  static auto logger = [] {
    auto l = spdlog::stderr_logger_mt("tengen");
    l->set_pattern("[%H:%M:%S.%e] [%^%l%$] %v");
    return l;
  }();
  logger->set_level(parsed);
  spdlog::set_default_logger(logger);
  return true;
}

}  // namespace tengen
