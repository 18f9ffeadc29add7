// The parameter registry: typed, range-checked, unknown names refused, and
// configs/default.cfg in step with it.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "tengen/util/params.h"

namespace tengen {
namespace {

TEST(Params, NamesAreUniqueAndDocumented) {
  std::set<std::string> names;
  for (const ParamDef& def : param_registry()) {
    EXPECT_TRUE(names.insert(std::string(def.name)).second) << def.name;
    EXPECT_FALSE(def.doc.empty()) << def.name;
  }
}

TEST(Params, DefaultsLieInsideTheirRanges) {
  const Settings defaults;
  for (const ParamDef& def : param_registry()) {
    Settings s;
    EXPECT_FALSE(set_param(s, def.name, get_param(defaults, def))) << def.name;
  }
}

TEST(Params, SetsTypedValues) {
  Settings s;
  EXPECT_FALSE(set_param(s, "threads", "4"));
  EXPECT_EQ(s.threads, 4);
  EXPECT_FALSE(set_param(s, "ucb-c", "0.25"));
  EXPECT_DOUBLE_EQ(s.ucb_c, 0.25);
  EXPECT_FALSE(set_param(s, "superko", "false"));
  EXPECT_FALSE(s.superko);
  EXPECT_FALSE(set_param(s, "log-level", "debug"));
  EXPECT_EQ(s.log_level, "debug");
}

TEST(Params, RefusesBadInputAndKeepsTheOldValue) {
  Settings s;
  const Settings before = s;
  for (auto [name, value] : std::vector<std::pair<const char*, const char*>>{
           {"threads", "0"}, {"threads", "abc"}, {"threads", "2.5"}, {"threads", ""},
           {"ucb-c", "-1"}, {"ucb-c", "nan"}, {"ucb-c", "inf"}, {"ucb-c", "1x"},
           {"superko", "maybe"}, {"log-level", "loud"}, {"policy", "heavyish"},
           {"playouts", "-5"}, {"no-such-param", "1"}}) {
    const auto err = set_param(s, name, value);
    ASSERT_TRUE(err) << name << "=" << value;
    EXPECT_FALSE(err->empty());
  }
  EXPECT_EQ(s.threads, before.threads);
  EXPECT_EQ(s.ucb_c, before.ucb_c);
  EXPECT_EQ(s.superko, before.superko);
  EXPECT_EQ(s.log_level, before.log_level);
}

TEST(Params, DefaultConfigFileIsUpToDate) {
  std::ifstream in(TENGEN_SOURCE_DIR "/configs/default.cfg");
  ASSERT_TRUE(in);
  std::ostringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), config_file_text(Settings{}))
      << "configs/default.cfg is stale: regenerate it with `build/tengen --print-config > configs/default.cfg`";
}

}  // namespace
}  // namespace tengen
