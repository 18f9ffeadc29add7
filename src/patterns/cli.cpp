#include "tengen/patterns/cli.h"

#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "tengen/patterns/learner.h"
#include "tengen/patterns/predict.h"
#include "tengen/util/command_line.h"

namespace tengen::patterns {

namespace {

namespace po = boost::program_options;

void add_selection_options(po::options_description& desc, const char* default_split) {
  desc.add_options()("games", po::value<std::vector<std::string>>()->value_name("PATH"),
                     "a game collection: an SGF file or folder, a .tar.gz of SGF files, or a one-game-a-line file "
                     "(.xz, .zip, .txt); repeat for more")(
      "split", po::value<std::string>()->default_value(default_split)->value_name("S"),
      "train, test or all: a game is a test game when FNV-1a-64 of its id is 0 modulo 10 (docs/patterns.md)")(
      "max-games", po::value<std::int64_t>()->default_value(0)->value_name("N"),
      "at most N games from each PATH, in reading order (0: all)")(
      "sample", po::value<double>()->default_value(1.0)->value_name("F"),
      "keep a fraction F of the games, chosen by a hash of the seed and the game id")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"), "seed of --sample");
}

GameSelection selection_from(const po::variables_map& vm) {
  GameSelection s;
  if (!vm.count("games")) throw UsageError("--games PATH is required");
  s.paths = vm["games"].as<std::vector<std::string>>();
  if (!parse_split(vm["split"].as<std::string>(), &s.split)) throw UsageError("--split must be train, test or all");
  s.max_games = vm["max-games"].as<std::int64_t>();
  s.sample = vm["sample"].as<double>();
  s.seed = vm["seed"].as<std::uint64_t>();
  if (s.max_games < 0) throw UsageError("--max-games must not be negative");
  if (!(s.sample > 0 && s.sample <= 1)) throw UsageError("--sample must lie in (0, 1]");
  return s;
}

po::variables_map parse(const std::vector<std::string>& args, const po::options_description& desc) {
  po::variables_map vm = parse_command_line(args, desc);
  po::notify(vm);
  return vm;
}

std::string joined(const char* head, const std::vector<std::string>& args) {
  std::string out = head;
  for (const auto& a : args) out += " " + a;
  return out;
}

template <typename F>
int guarded(F&& body) {
  try {
    return body();
  } catch (const UsageError& e) {
    std::cerr << "tengen: error: " << e.what() << "\n(see --help)" << std::endl;
  } catch (const po::error& e) {
    std::cerr << "tengen: error: " << e.what() << "\n(see --help)" << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "tengen: error: " << e.what() << std::endl;
  }
  return 2;
}

}  // namespace

int learn_main(const std::vector<std::string>& args) {
  return guarded([&] {
    po::options_description desc("Usage: tengen learn --games PATH [--games PATH ...] --out FILE [options]\n\n"
                                 "Learns move-pattern gammas with Coulom's MM from strong games (docs/patterns.md)");
    desc.add_options()("help,h", "show this help and exit");
    add_selection_options(desc, "train");
    desc.add_options()("out", po::value<std::string>()->value_name("FILE"), "where to write the model (e.g. patterns/mm-v1.txt)")(
        "iterations", po::value<int>()->default_value(12)->value_name("K"), "MM iterations (each updates every feature group once)")(
        "min-count", po::value<int>()->default_value(10)->value_name("N"), "keep the shapes played at least N times in training")(
        "threads", po::value<int>()->default_value(1)->value_name("T"),
        "threads for the iterations (the result depends on T only through rounding)")(
        "note", po::value<std::string>()->value_name("TEXT"), "a note for the model's header");
    const po::variables_map vm = parse(args, desc);
    if (vm.count("help")) {
      std::cout << desc << std::endl;
      return 0;
    }
    LearnOptions o;
    o.games = selection_from(vm);
    if (!vm.count("out")) throw UsageError("--out FILE is required");
    o.iterations = vm["iterations"].as<int>();
    o.min_shape_count = vm["min-count"].as<int>();
    o.threads = vm["threads"].as<int>();
    if (o.iterations < 0 || o.iterations > 1000) throw UsageError("--iterations must be between 0 and 1000");
    if (o.min_shape_count < 1) throw UsageError("--min-count must be at least 1");
    if (o.threads < 1 || o.threads > 256) throw UsageError("--threads must be between 1 and 256");
    if (vm.count("note")) o.note = vm["note"].as<std::string>();
    o.command = joined("tengen learn", args);
    const std::string out = vm["out"].as<std::string>();
    {
      std::ofstream probe(out, std::ios::app);  // fail before hours of work, not after
      if (!probe) throw UsageError("cannot write '" + out + "'");
    }
    const PatternModel model = learn(o, std::cerr);
    const std::string tmp = out + ".tmp";
    std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
    file << model.to_text();
    file.close();
    if (!file) throw std::runtime_error("cannot write '" + tmp + "'");
    std::filesystem::rename(tmp, out);
    std::cout << "wrote " << out << ": " << model.pattern3_gammas().size() << " 3x3 patterns, "
              << model.shape_gammas().size() << " shapes" << std::endl;
    return 0;
  });
}

int predict_main(const std::vector<std::string>& args) {
  return guarded([&] {
    po::options_description desc("Usage: tengen predict --games PATH [--games PATH ...] [--weights FILE] [options]\n\n"
                                 "How often the model's first, top 5 and top 10 choices hold the move played");
    desc.add_options()("help,h", "show this help and exit");
    add_selection_options(desc, "all");
    desc.add_options()("weights", po::value<std::string>()->value_name("FILE"),
                       "the model (default: patterns/mm-v1.txt, see prior-model-file)");
    const po::variables_map vm = parse(args, desc);
    if (vm.count("help")) {
      std::cout << desc << std::endl;
      return 0;
    }
    const GameSelection games = selection_from(vm);
    const std::string path = vm.count("weights") ? vm["weights"].as<std::string>() : default_model_file();
    const PatternModel model = PatternModel::load(path);
    std::cout << "model " << path << " (" << model.pattern3_gammas().size() << " 3x3 patterns, "
              << model.shape_gammas().size() << " shapes)\ngames " << games.describe() << std::endl;
    const PredictResult r = predict(model, games, std::cerr);
    if (r.positions == 0) throw std::runtime_error("no positions to predict in " + games.describe());
    print_prediction(r, std::cout);
    return 0;
  });
}

}  // namespace tengen::patterns
