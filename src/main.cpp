// tengen: the command line. Without a subcommand (or with `gtp`) it speaks
// GTP on stdin/stdout; `bench` measures playout speed; `solve-bench` measures
// the score-bounded solver on Connect Four (the paper's Table 6) and on the
// seki problems (its Tables 2 to 5).

#include <spdlog/spdlog.h>

#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tengen/cluster/front.h"
#include "tengen/cluster/transport.h"
#include "tengen/engine/bench.h"
#include "tengen/engine/search_bench.h"
#include "tengen/engine/engine.h"
#include "tengen/gtp/gtp.h"
#include "tengen/patterns/cli.h"
#include "tengen/patterns/model.h"
#include "tengen/playout/heavy.h"
#include "tengen/solver/solve_bench.h"
#include "tengen/util/command_line.h"
#include "tengen/util/logging.h"
#include "tengen/util/params.h"

namespace po = boost::program_options;
using namespace tengen;

namespace {

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
            << "  tengen bench [options]     playouts per second from the empty board or a position\n"
            << "  tengen solve-bench connect4|seki [options]   the solver's Tables 6 or 3-5 (see solve-bench --help)\n"
            << "  tengen learn --games PATH --out FILE [options]   learn move-pattern gammas (see learn --help)\n"
            << "  tengen predict --games PATH [--weights FILE]     move prediction rates (see predict --help)\n\n"
            << general << '\n'
            << bench << '\n'
            << params << '\n';
}

// The empty board of --size (komi 7.5), or the game of --position (an SGF
// record, cut after --position-moves moves).
Game bench_start(const po::variables_map& vm) {
  const int size = vm["size"].as<int>();
  if (size < kMinSize || size > kMaxSize) throw UsageError("--size must be " + supported_sizes());
  if (!vm.count("position")) return Game(size, 7.5);
  const int moves = vm["position-moves"].as<int>();
  if (moves < 0) throw UsageError("--position-moves must not be negative");
  std::optional<Game> game;
  try {
    game.emplace(bench_position(vm["position"].as<std::string>(), moves));
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("--position: ") + e.what());
  }
  if (!vm["size"].defaulted() && game->size() != size) throw UsageError("--size differs from the --position record's");
  return *game;
}

// `bench --search`: one search of --count playouts (default 10,000) from the
// empty board or --position; with one thread and a seed its signature only
// moves when the search's behaviour does (tests/bench_signatures.txt pins it).
int run_search_bench(const Settings& settings, const po::variables_map& vm) {
  const std::int64_t count = vm["count"].as<std::int64_t>() > 0 ? vm["count"].as<std::int64_t>() : 10000;
  const Game start = bench_start(vm);
  Settings s = settings;
  if (s.seed == 0) s.seed = 1;
  std::cout << "bench --search: size " << start.size() << ", policy " << policy_name(s.policy) << ", " << s.threads
            << " thread(s), " << count << " playouts, seed " << s.seed << std::endl;
  const SearchBenchResult r = run_search_bench(s, start, count);
  std::printf("best %s, signature %016llx%s\n", r.best.c_str(), static_cast<unsigned long long>(r.signature),
              s.threads > 1 ? " (several threads: not reproducible)" : "");
  std::printf("%lld playouts in %.2f s: %.0f playouts/s\n", static_cast<long long>(r.playouts), r.seconds, r.rate());
  return 0;
}

int run_bench(const Settings& settings, const po::variables_map& vm) {
  if (vm.count("search")) return run_search_bench(settings, vm);
  const double seconds = vm["seconds"].as<double>();
  const std::int64_t count = vm["count"].as<std::int64_t>();
  if (!(seconds > 0) || !std::isfinite(seconds)) throw UsageError("--seconds must be a positive number");
  if (count < 0) throw UsageError("--count must not be negative");
  const Board start = bench_start(vm).board();
  Point watch = kNoPoint;
  if (vm.count("watch")) {
    const std::string& vertex = vm["watch"].as<std::string>();
    const std::optional<Point> p = parse_vertex(vertex, start.size());
    if (!p || *p == kPass || !is_player(start.at(*p))) {
      throw UsageError("--watch must name a stone of the position, not '" + vertex + "'");
    }
    watch = *p;
  }
  const std::shared_ptr<const HeavyConfig> heavy = heavy_config(settings);
  const std::uint64_t seed = settings.seed != 0 ? settings.seed : 1;
  std::cout << "bench: size " << start.size() << ", policy " << policy_name(settings.policy) << ", " << settings.threads
            << " thread(s), " << seconds << " s, seed " << seed << ", from "
            << (vm.count("position") ? "a position with " + std::to_string(start.stones(Color::Black) +
                                                                          start.stones(Color::White)) + " stones"
                                     : std::string("the empty board"))
            << std::endl;
  const BenchResult r = run_playout_bench(start, heavy.get(), seconds, count, settings.threads, seed, watch);
  std::printf("average playout length %.1f moves, black wins %.1f%% at komi 7.5\n",
              r.playouts ? static_cast<double>(r.moves) / r.playouts : 0.0,
              r.playouts ? 100.0 * r.black_wins / r.playouts : 0.0);
  if (heavy) {
    std::string rules = "rules:";
    for (int i = 0; i < kRuleCount; ++i) {
      char share[48];
      std::snprintf(share, sizeof share, " %s %.1f%%", std::string(rule_name(static_cast<Rule>(i))).c_str(),
                    r.rules.total() ? 100.0 * r.rules.fired[i] / r.rules.total() : 0.0);
      rules += share;
    }
    std::cout << rules << std::endl;
  }
  if (watch != kNoPoint) {
    const auto share = [](std::int64_t part, std::int64_t whole) { return whole ? 100.0 * part / whole : 0.0; };
    std::printf("the %s string at %s (%d stones) lives in %.1f%% of the playouts; of those, %.1f%% after "
                "capturing a string that touched it, %.1f%% in seki\n",
                std::string(color_name(start.at(watch))).c_str(), vm["watch"].as<std::string>().c_str(),
                start.string_size(watch), share(r.watch.alive, r.playouts),
                share(r.watch.alive_after_capture, r.watch.alive), share(r.watch.alive_in_seki, r.watch.alive));
  }
  std::printf("%lld playouts in %.2f s: %.0f playouts/s\n", static_cast<long long>(r.playouts), r.seconds, r.rate());
  return 0;
}

// A double option whose default shows as "0.1", not "0.10000000000000001".
po::typed_value<double>* double_value(double fallback, const char* name) {
  std::ostringstream text;
  text << fallback;
  return po::value<double>()->default_value(fallback, text.str())->value_name(name);
}

po::options_description solve_bench_options() {
  const SolveBenchOptions d;
  po::options_description desc(
      "Solve-bench options (tengen solve-bench connect4|seki); defaults shown are connect4's, seki's are 1000000\n"
      "playouts, modes plain,cuts,guided, fpu 1, delta 10000");
  desc.add_options()("help,h", "show this help and exit")(
      "runs", po::value<int>()->default_value(d.runs)->value_name("N"), "runs per cell (seeds S..S+N-1)")(
      "seed", po::value<std::uint64_t>()->default_value(d.seed)->value_name("S"), "seed of the first run")(
      "max-playouts", po::value<std::uint64_t>()->default_value(d.max_playouts)->value_name("N"),
      "give up a run after N playouts")(
      "sizes", po::value<std::string>()->default_value("3x3,3x4,4x3,4x4")->value_name("WxH,..."),
      "boards, width x height")(
      "modes", po::value<std::string>()->default_value("plain,cuts,guided,cuts+window,guided+window")->value_name("M,..."),
      "rows: plain, cuts, guided (the paper's), cuts+window, guided+window (window cuts)")(
      "exploration", double_value(d.base.exploration, "C"), "UCT constant")(
      "fpu", double_value(d.base.first_play_urgency, "F"), "first play urgency (inf: open every child first)")(
      "gamma", double_value(d.base.gamma, "G"), "guided cuts: weight of pess")(
      "delta", double_value(d.base.delta, "D"), "guided cuts: weight of opti")(
      "problems", po::value<std::string>()->value_name("DIR"), "seki: the problem files (default tests/data/seki)")(
      "twins", po::value<bool>()->default_value(true)->value_name("BOOL"), "seki: interchangeable points are one move");
  return desc;
}

// `tengen solve-bench connect4|seki [options]`: Table 6 or Tables 3-5 of the
// score-bounded MCTS paper, measured (docs/solver.md).
int run_solve_bench(const std::vector<std::string>& args) {
  const po::options_description desc = solve_bench_options();
  po::options_description all;
  all.add(desc).add_options()("game", po::value<std::string>(), "");
  po::positional_options_description positional;
  positional.add("game", 1);
  const po::variables_map vm = parse_command_line(args, all, "", &positional);
  if (vm.count("help")) {
    std::cout << "Usage: tengen solve-bench connect4|seki [options]\n\n" << desc << '\n';
    return 0;
  }
  const std::string game = vm.count("game") ? vm["game"].as<std::string>() : "";
  if (game != "connect4" && game != "seki") throw UsageError("solve-bench needs a game: connect4 or seki");
  const bool seki = game == "seki";
  // Each game keeps its own defaults; only options given replace them.
  SolveBenchOptions options = seki ? seki_bench_defaults() : SolveBenchOptions{};
  auto given = [&](const char* name) { return vm.count(name) && !vm[name].defaulted(); };
  if (given("runs")) options.runs = vm["runs"].as<int>();
  if (given("seed")) options.seed = vm["seed"].as<std::uint64_t>();
  if (given("max-playouts")) options.max_playouts = vm["max-playouts"].as<std::uint64_t>();
  if (options.runs < 1 || options.max_playouts < 1) throw UsageError("--runs and --max-playouts must be positive");
  if (given("exploration")) options.base.exploration = vm["exploration"].as<double>();
  if (given("fpu")) options.base.first_play_urgency = vm["fpu"].as<double>();
  if (given("gamma")) options.base.gamma = vm["gamma"].as<double>();
  if (given("delta")) options.base.delta = vm["delta"].as<double>();
  if (given("problems")) options.problems_dir = vm["problems"].as<std::string>();
  options.merge_twins = vm["twins"].as<bool>();
  try {
    if (given("sizes")) options.sizes = parse_board_sizes(vm["sizes"].as<std::string>());
    if (given("modes")) options.rows = parse_bench_rows(vm["modes"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return seki ? run_seki_bench(options, std::cout) : run_connect_four_bench(options, std::cout);
}

// transport: to the other ranks under mpirun (GTP only), else null; played:
// set once GTP play (and with it the cluster's start-up handshake) begins.
int run(int argc, char** argv, cluster::Transport* transport, bool* played) {
  std::string mode = "gtp";
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "solve-bench") return run_solve_bench({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "learn") return patterns::learn_main({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "predict") return patterns::predict_main({args.begin() + 1, args.end()});
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
      "run exactly N playouts per thread instead (for callgrind)")(
      "position", po::value<std::string>()->value_name("FILE"),
      "start from the position of an SGF record (its size) instead of the empty board")(
      "position-moves", po::value<int>()->default_value(0)->value_name("N"),
      "with --position: replay only the first N moves (0: all)")(
      "search", "time a whole search of --count playouts (10000 if 0) instead, and print its signature")(
      "watch", po::value<std::string>()->value_name("VERTEX"),
      "with --position: how often the string at VERTEX lives to the end, and how");
  const po::options_description params = parameter_options();
  po::options_description all;
  all.add(general).add(params);
  if (mode == "bench") all.add(bench);

  // A stray word is a misspelt or misplaced subcommand, or a second value.
  po::variables_map vm = parse_command_line(args, all, " (the subcommand, gtp or bench, comes first)");
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

  if (mode == "bench") return run_bench(settings, vm);

  // Reads the 3x3 pattern file, then the learned pattern model, if any: a bad
  // one stops Tengen here, before the first command.
  Engine engine(settings);
  spdlog::info("Tengen {} ready: {} thread(s), {} playouts, {} s per move", TENGEN_VERSION, settings.threads,
               settings.playouts, settings.time);
  *played = true;
  return cluster::play(engine, transport, std::cin, std::cout);
}

// The subcommands that never join a cluster (each rank would run its own).
bool gtp_mode(int argc, char** argv) {
  if (argc < 2) return true;
  const std::string first = argv[1];
  return first != "bench" && first != "solve-bench" && first != "learn" && first != "predict";
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::unique_ptr<cluster::Transport> transport;
  bool played = false;
  std::string message;
  try {
    if (gtp_mode(argc, argv)) transport = cluster::start_mpi(&argc, &argv);
    // Only rank 0 speaks on stdout (--help, --version, GTP).
    if (transport && transport->rank() != 0) std::cout.rdbuf(nullptr);
    int code = run(argc, argv, transport.get(), &played);
    // An early exit (--help, --print-config) still joins the start-up handshake.
    if (transport && !played) code = cluster::leave(transport.get(), code, "");
    if (transport && transport->exit_at_once()) {
      // A rank was lost: no MPI_Finalize, and no MPI exit handlers either.
      std::cout.flush();
      std::cerr.flush();
      spdlog::default_logger()->flush();
      std::_Exit(code);
    }
    return code;
  } catch (const UsageError& e) {
    message = std::string("tengen: error: ") + e.what() + "\n(see tengen --help)";
  } catch (const po::error& e) {
    message = std::string("tengen: error: ") + e.what() + "\n(see tengen --help)";
  } catch (const PatternFileError& e) {  // the heavy policy's, named by heavy-pattern-file
    message = std::string("tengen: error: ") + e.what() + "\n(see tengen --help)";
  } catch (const patterns::PatternModelError& e) {  // learned priors without a usable model
    message = std::string("tengen: error: ") + e.what();
  } catch (const std::exception& e) {
    message = std::string("tengen: fatal: ") + e.what();
  }
  // Before play, under mpirun: rank 0 prints one message for every rank.
  if (!played) return cluster::leave(transport.get(), 2, message);
  std::cerr << message << std::endl;
  return 2;
}
