#include "tengen/util/command_line.h"

namespace po = boost::program_options;

namespace tengen {

po::variables_map parse_command_line(const std::vector<std::string>& args, const po::options_description& desc,
                                     std::string_view hint, const po::positional_options_description* positional) {
  po::command_line_parser parser(args);
  parser.options(desc);
  if (positional) parser.positional(*positional);
  const po::parsed_options parsed = parser.run();
  for (const po::option& o : parsed.options) {
    if (o.string_key.empty()) {
      const std::string word = o.value.empty() ? std::string() : o.value.front();
      throw UsageError("unexpected argument '" + word + "'" + std::string(hint));
    }
  }
  po::variables_map vm;
  po::store(parsed, vm);
  return vm;
}

}  // namespace tengen
