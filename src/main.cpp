// tengen: the command line. Without a subcommand (or with `gtp`) it speaks
// GTP on stdin/stdout; `bench` measures playout speed.

#include <spdlog/spdlog.h>

#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tengen/engine/bench.h"
#include "tengen/engine/engine.h"
#include "tengen/gtp/gtp.h"
#include "tengen/util/logging.h"
#include "tengen/util/params.h"

namespace po = boost::program_options;
using namespace tengen;

namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

po::options_description parameter_options() {
  po::options_description desc("Engine parameters (also valid as `name = value` lines in a config file)");
  for (const ParamDef& def : param_registry()) {
    const std::string doc = std::string(def.doc) + " " + param_range(def);
    auto* value = po::value<std::string>()->value_name(param_type(def));
    if (param_type(def) == "bool") value->implicit_value("true");
    desc.add_options()(std::string(def.name).c_str(), value, doc.c_str());
  }
  return desc;
}

// Command line first, then the config file: values given on the command
// line win, as program_options keeps the first value it stores.
Settings read_settings(const po::variables_map& vm) {
  Settings settings;
  for (const ParamDef& def : param_registry()) {
    const std::string name(def.name);
    if (!vm.count(name)) continue;
    if (auto err = set_param(settings, name, vm[name].as<std::string>())) throw UsageError(*err);
  }
  return settings;
}

void print_usage(const po::options_description& general, const po::options_description& bench,
                 const po::options_description& params) {
  std::cout << "Tengen " << TENGEN_VERSION << ", a Go engine speaking GTP v2.\n\n"
            << "Usage:\n"
            << "  tengen [gtp] [options]     play: GTP on stdin/stdout, logs on stderr\n"
            << "  tengen bench [options]     playouts per second from the empty board\n\n"
            << general << '\n'
            << bench << '\n'
            << params << '\n';
}

int run_bench(const Settings& settings, int size, double seconds, std::int64_t count) {
  if (size < kMinSize || size > kMaxSize) throw UsageError("--size must be between 2 and 19");
  if (!(seconds > 0) || !std::isfinite(seconds)) throw UsageError("--seconds must be a positive number");
  if (count < 0) throw UsageError("--count must not be negative");
  const std::uint64_t seed = settings.seed != 0 ? settings.seed : 1;
  std::cout << "bench: size " << size << ", policy " << settings.policy << ", " << settings.threads
            << " thread(s), " << seconds << " s, seed " << seed << std::endl;
  const BenchResult r = run_playout_bench(size, settings.policy, seconds, count, settings.threads, seed);
  std::printf("average playout length %.1f moves, black wins %.1f%% at komi 7.5\n",
              r.playouts ? static_cast<double>(r.moves) / r.playouts : 0.0,
              r.playouts ? 100.0 * r.black_wins / r.playouts : 0.0);
  std::printf("%lld playouts in %.2f s: %.0f playouts/s\n", static_cast<long long>(r.playouts), r.seconds, r.rate());
  return 0;
}

int run(int argc, char** argv) {
  std::string mode = "gtp";
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "gtp" || args[0] == "bench")) {
    mode = args[0];
    args.erase(args.begin());
  }

  po::options_description general("General options");
  general.add_options()("help,h", "show this help and exit")("version", "print the version and exit")(
      "config", po::value<std::string>()->value_name("FILE"), "read parameters from a config file (see configs/)")(
      "print-config", "print every parameter with its doc and current value as a config file, and exit");
  po::options_description bench("Bench options (tengen bench)");
  bench.add_options()("size", po::value<int>()->default_value(9)->value_name("N"), "board size")(
      "seconds", po::value<double>()->default_value(10.0)->value_name("S"), "how long to run")(
      "count", po::value<std::int64_t>()->default_value(0)->value_name("N"),
      "run exactly N playouts per thread instead (for callgrind)");
  const po::options_description params = parameter_options();
  po::options_description all;
  all.add(general).add(params);
  if (mode == "bench") all.add(bench);

  po::variables_map vm;
  const po::parsed_options parsed = po::command_line_parser(args).options(all).run();
  // With no positional options declared, program_options keeps a stray word
  // (a misspelt or misplaced subcommand, a second value) as a nameless option
  // that store() silently drops: refuse it instead.
  for (const po::option& o : parsed.options) {
    if (o.string_key.empty()) {
      const std::string word = o.value.empty() ? std::string() : o.value.front();
      throw UsageError("unexpected argument '" + word + "' (the subcommand, gtp or bench, comes first)");
    }
  }
  po::store(parsed, vm);
  if (vm.count("help")) {
    print_usage(general, bench, params);
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "Tengen " << TENGEN_VERSION << std::endl;
    return 0;
  }
  if (vm.count("config")) {
    const std::string path = vm["config"].as<std::string>();
    std::ifstream file(path);
    // A directory opens as a stream that reads as empty: refuse it too.
    if (!file || std::filesystem::is_directory(path)) throw UsageError("cannot read config file '" + path + "'");
    try {
      po::store(po::parse_config_file(file, params, false), vm);
    } catch (const po::error& e) {
      throw UsageError("config file '" + path + "': " + e.what());
    }
  }
  po::notify(vm);
  const Settings settings = read_settings(vm);
  if (vm.count("print-config")) {
    std::cout << config_file_text(settings);
    return 0;
  }
  if (!setup_logging(settings.log_level)) throw UsageError("unknown log level '" + settings.log_level + "'");

  if (mode == "bench") return run_bench(settings, vm["size"].as<int>(), vm["seconds"].as<double>(), vm["count"].as<std::int64_t>());

  spdlog::info("Tengen {} ready: {} thread(s), {} playouts, {} s per move", TENGEN_VERSION, settings.threads,
               settings.playouts, settings.time);
  Engine engine(settings);
  GtpServer server(engine);
  server.run(std::cin, std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "tengen: error: " << e.what() << "\n(see tengen --help)" << std::endl;
  } catch (const po::error& e) {
    std::cerr << "tengen: error: " << e.what() << "\n(see tengen --help)" << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "tengen: fatal: " << e.what() << std::endl;
  }
  return 2;
}
