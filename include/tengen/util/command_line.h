#pragma once
// The one way the subcommands (gtp, bench, solve-bench, learn, predict) read
// their options: Boost.Program_options, with words no option takes refused.

#include <boost/program_options.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tengen {

// A command line Tengen refuses; reported with a pointer to --help.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// args stored against desc (and positional, if given), not yet notified: a
// config file may still add to them. A word that no option takes throws
// UsageError "unexpected argument 'WORD'" followed by hint; program_options
// would keep it as a nameless option that store() silently drops.
boost::program_options::variables_map parse_command_line(
    const std::vector<std::string>& args, const boost::program_options::options_description& desc,
    std::string_view hint = "", const boost::program_options::positional_options_description* positional = nullptr);

}  // namespace tengen
