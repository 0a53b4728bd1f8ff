// The sweep carry's document checked whole before anything is touched
// (holdings/sweep_carry.h): documents written out here in the shape the
// export writes, and each way one can be wrong refused in one line naming
// the file.
#include "holdings/sweep_carry.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

using json = nlohmann::json;

json CarryWindow(const std::string& tier, int clients, const std::string& at) {
  return {{"sweep_key", "mix=a=100;duration=1"},
          {"tier", tier},
          {"corpus_digest", "d-" + tier},
          {"clients", clients},
          {"rep", 0},
          {"measured_at", at},
          {"result", {{"tps", 1.5}}}};
}

json Carry() {
  json tables = {{"sweep_window",
                  {CarryWindow("S", 1, "2026-12-07 02:00:00+00"),
                   CarryWindow("ci", 1, "2026-12-07 01:00:00+00")}},
                 {"sweep_tier",
                  {{{"sweep_key", "mix=a=100;duration=1"},
                    {"tier", "ci"},
                    {"corpus_digest", "d-ci"},
                    {"database_size", 1},
                    {"finding", json::object()},
                    {"explain", json::object()},
                    {"measured_at", "2026-12-07 01:30:00+00"}}}},
                 {"sweep_setup", json::array()}};
  return {
      {"kind", "skyseed sweep carry"},
      {"version", 1},
      {"held_tier", "S"},
      {"tiers",
       {{{"tier", "ci"}, {"corpus_digest", "d-ci"}}, {{"tier", "S"}, {"corpus_digest", "d-S"}}}},
      {"tables", tables}};
}

TEST(SweepCarry, ADocumentInTheExportsShapeIsRead) {
  const Result<json> c = ParseSweepCarry(Carry().dump(), "c.json");
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ((*c)["tables"]["sweep_window"].size(), 2u);
}

TEST(SweepCarry, TheFileHoldsARowPerLineAndReadsBackAsWritten) {
  const std::string text = SweepCarryText(Carry());
  const Result<json> c = ParseSweepCarry(text, "c.json");
  ASSERT_TRUE(c.ok()) << c.status().message() << "\n" << text;
  EXPECT_EQ(*c, Carry());
  // Held: a range over a temporary's member would read freed memory.
  const json carry = Carry();
  for (const json& row : carry.at("tables").at("sweep_window")) {
    EXPECT_NE(text.find("\n" + row.dump()), std::string::npos) << text;
  }
  json empty = Carry();
  empty["tables"]["sweep_window"] = json::array();
  empty["tables"]["sweep_tier"] = json::array();
  empty["tiers"] = json::array();
  EXPECT_EQ(json::parse(SweepCarryText(empty)), empty);
}

void ExpectRefused(const std::string& text, const std::string& why) {
  const Result<json> c = ParseSweepCarry(text, "c.json");
  ASSERT_FALSE(c.ok()) << why;
  EXPECT_EQ(c.status().code(), Status::Code::kInvalidArgument) << why;
  const std::string& m = c.status().message();
  EXPECT_EQ(m.rfind("c.json: ", 0), 0u) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  EXPECT_NE(m.find(why), std::string::npos) << m;
}

TEST(SweepCarry, EachWrongDocumentIsRefusedInOneLine) {
  ExpectRefused("{\"kind\": ", "not JSON");
  json c = Carry();
  c["kind"] = "skyseed status";
  ExpectRefused(c.dump(), "not a sweep carry");
  c = Carry();
  c["version"] = 2;
  ExpectRefused(c.dump(), "version 2");
  c = Carry();
  c["tables"]["sweep_window"][0].erase("clients");
  ExpectRefused(c.dump(), "sweep_window row 1 lacks clients");
  c = Carry();
  c["tables"]["sweep_window"][1]["clients"] = "1";
  ExpectRefused(c.dump(), "sweep_window row 2: clients is not an integer");
  c = Carry();
  c["tables"]["sweep_window"][1]["extra"] = 1;
  ExpectRefused(c.dump(), "has 8 columns; the table has 7");
  c = Carry();
  c["tables"].erase("sweep_setup");
  ExpectRefused(c.dump(), "\"tables\" must hold exactly");
  c = Carry();
  c["tiers"][1]["corpus_digest"] = "d-other";
  ExpectRefused(c.dump(), "\"tiers\" is not the list");
  c = Carry();
  std::swap(c["tiers"][0], c["tiers"][1]);
  ExpectRefused(c.dump(), "\"tiers\" is not the list");
}

}  // namespace
}  // namespace skyseed
