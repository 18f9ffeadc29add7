// The model file: a round trip through text, strengths as products of
// gammas, clear errors for missing, truncated and malformed files, and the
// mapping of strengths to H for the tree.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "support/diagram.h"
#include "tengen/patterns/model.h"

namespace tengen::patterns {
namespace {

const Board& sample_board() {
  static const Board b = test::board_from_rows({". . . . . . .",   //
                                                ". . . . . . .",   //
                                                ". . X O . . .",   //
                                                ". . X O . . .",   //
                                                ". . . X . . .",   //
                                                ". . . . . . .",   //
                                                ". . . . . . ."});
  return b;
}

PatternModel sample_model() {
  PatternModel m;
  m.data = "a test";
  m.command = "by hand";
  m.date = "today";
  m.notes = {"one", "two"};
  m.set_tactical_gamma(kLine, 1, 0.25f);
  m.set_tactical_gamma(kCapture, 2, 30.0f);
  m.set_tactical_gamma(kDistLast, 16, 0.125f);
  const Board& b = sample_board();
  m.set_pattern3_gamma(canonical_pattern3(pattern3_code(b, b.point(4, 2), Color::Black)), 3.0f);
  std::uint64_t k[kShapeSizes];
  shape_keys(b, b.point(4, 2), Color::Black, k);
  m.set_shape_gamma(k[0], 1.5f);
  m.set_shape_gamma(k[1], 5.0f);
  return m;
}

PatternModelError parse_error(const std::string& text) {
  try {
    PatternModel::parse(text, "m.txt");
  } catch (const PatternModelError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return PatternModelError("none");
}

TEST(Model, TextRoundTrips) {
  const PatternModel m = sample_model();
  const std::string text = m.to_text();
  const PatternModel back = PatternModel::parse(text, "test");
  EXPECT_EQ(back.to_text(), text);
  EXPECT_EQ(back.data, "a test");
  EXPECT_EQ(back.notes.size(), 2u);
  EXPECT_EQ(back.tactical_gamma(kCapture, 2), 30.0f);
  EXPECT_EQ(back.tactical_gamma(kCapture, 1), 1.0f);
  EXPECT_EQ(back.shape_gammas().size(), 2u);
  EXPECT_NE(text.find("tactical capture last-move 30\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nend "), std::string::npos);
}

TEST(Model, StrengthIsTheProductOfTheMovesGammas) {
  const PatternModel m = sample_model();
  const Board& b = sample_board();
  FeatureExtractor fx;
  // E5 (x 4, y 2): the 3x3 pattern (3), the shape of size 5 (5; size 4's
  // 1.5 is beaten by the larger one), and no line or capture feature.
  EXPECT_FLOAT_EQ(m.strength(b, b.point(4, 2), Color::Black, fx), 3.0f * 5.0f);
  // A1: first line; nothing else is known there.
  EXPECT_FLOAT_EQ(m.strength(b, b.point(0, 6), Color::Black, fx), 0.25f);
  // A plain model: every move has strength 1.
  EXPECT_FLOAT_EQ(PatternModel().strength(b, b.point(4, 2), Color::Black, fx), 1.0f);
}

TEST(Model, MalformedFilesNameTheLine) {
  const std::string good = sample_model().to_text();
  EXPECT_NE(std::string(parse_error("").what()).find("m.txt:0: empty model"), std::string::npos);
  EXPECT_NE(std::string(parse_error("hello\n").what()).find("m.txt:1: not a Tengen pattern model"), std::string::npos);
  EXPECT_NE(std::string(parse_error("tengen-patterns 2\n").what()).find("version 2 is not supported"), std::string::npos);
  // Truncated: the last line (end) is missing.
  const std::string truncated = good.substr(0, good.rfind("end "));
  EXPECT_NE(std::string(parse_error(truncated).what()).find("truncated"), std::string::npos);
  // A line lost in the middle: the count at the end disagrees.
  std::string lost = good;
  const auto at = lost.find("tactical line 2");
  lost.erase(at, lost.find('\n', at) + 1 - at);
  EXPECT_NE(std::string(parse_error(lost).what()).find("'end' says"), std::string::npos);
  std::string bad_gamma = good;
  bad_gamma.replace(bad_gamma.find("last-move 30"), 12, "last-move -3");
  const std::string e = parse_error(bad_gamma).what();
  EXPECT_NE(e.find("bad gamma '-3'"), std::string::npos) << e;
  EXPECT_NE(e.find("m.txt:"), std::string::npos);
  std::string bad_group = good;
  bad_group.replace(bad_group.find("tactical line 1"), 15, "tactical lime 1");
  EXPECT_NE(std::string(parse_error(bad_group).what()).find("unknown feature group 'lime'"), std::string::npos);
  std::string bad_cells = good;
  bad_cells.replace(bad_cells.find("\n3x3 ") + 5, 1, "Z");
  EXPECT_NE(std::string(parse_error(bad_cells).what()).find("bad 3x3 cells"), std::string::npos);
}

TEST(Model, MissingFileIsAClearError) {
  try {
    PatternModel::load("/nonexistent/mm.txt");
    FAIL();
  } catch (const PatternModelError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read pattern model '/nonexistent/mm.txt'"), std::string::npos);
  }
  const auto dir = std::filesystem::temp_directory_path();
  EXPECT_THROW(PatternModel::load(dir.string()), PatternModelError);  // a folder
}

TEST(Model, LoadReadsWhatToTextWrote) {
  const auto path = std::filesystem::temp_directory_path() / "tengen_model_test.txt";
  std::ofstream(path) << sample_model().to_text();
  EXPECT_EQ(PatternModel::load(path.string()).to_text(), sample_model().to_text());
  std::filesystem::remove(path);
}

TEST(Model, ShippedModelLoads) {
  const std::string path = std::string(TENGEN_SOURCE_DIR) + "/patterns/mm-v1.txt";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const PatternModel m = PatternModel::load(path);
  EXPECT_GT(m.pattern3_gammas().size(), 1000u);
  EXPECT_GT(m.shape_gammas().size(), 1000u);
  // What strong players know: capturing the stones just played beats a
  // self-atari of three stones.
  EXPECT_GT(m.tactical_gamma(kCapture, 2), 1.0f);
  EXPECT_LT(m.tactical_gamma(kSelfAtari, 3), 1.0f);
}

TEST(Model, StrengthsMapToPriorsAroundOneHalf) {
  float h[4] = {1, 1, 1, 1};
  strengths_to_priors(h, 4, 0.5);
  for (float x : h) EXPECT_FLOAT_EQ(x, 0.5f);
  // Strength 100 among 100 moves of strength 1 : n p ~ 50, x ~ 7.1, H ~ 0.876.
  std::vector<float> many(100, 1.0f);
  many[0] = 100.0f;
  strengths_to_priors(many.data(), 100, 0.5);
  const double np = 100.0 * 100.0 / 199.0;
  EXPECT_NEAR(many[0], std::sqrt(np) / (1 + std::sqrt(np)), 1e-6);
  EXPECT_LT(many[1], 0.5f);
  EXPECT_GE(many[1], 0.02f);
  // Clamped at both ends.
  std::vector<float> extreme(100, 1.0f);
  extreme[0] = 1e6f;
  extreme[1] = 1e-6f;
  strengths_to_priors(extreme.data(), 100, 2.0);
  EXPECT_FLOAT_EQ(extreme[0], 0.98f);
  EXPECT_FLOAT_EQ(extreme[1], 0.02f);
}

}  // namespace
}  // namespace tengen::patterns
