#pragma once
// The `tengen learn` and `tengen predict` subcommands: option parsing and
// reports around learner.h and predict.h. Each returns the exit status (0,
// or 2 after an error message on stderr).

#include <string>
#include <vector>

namespace tengen::patterns {

// tengen learn --games PATH [--games PATH ...] --out FILE [options]
int learn_main(const std::vector<std::string>& args);

// tengen predict --games PATH [--games PATH ...] [--weights FILE] [options]
int predict_main(const std::vector<std::string>& args);

}  // namespace tengen::patterns
