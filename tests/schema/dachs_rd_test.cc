// The DaCHS resource descriptor, read back by an independent XML parser
// (expat): well-formed, every ObsCore 1.1 column exactly once with the REC's
// unit and UCD (the REC's table is written out below, not taken from the
// generator), no bookkeeping column, every text as it was declared.
#include "schema/dachs_rd.h"

#include <expat.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/markup.h"
#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "schema/corpus_schema.h"

namespace skyseed {
namespace {

struct Element {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::string text;
  std::vector<std::unique_ptr<Element>> children;
  Element* parent = nullptr;

  std::vector<const Element*> All(const std::string& child) const {
    std::vector<const Element*> out;
    for (const auto& c : children) {
      if (c->name == child) out.push_back(c.get());
    }
    return out;
  }
  std::string Attr(const std::string& a) const {
    auto it = attrs.find(a);
    return it == attrs.end() ? "" : it->second;
  }
};

struct Tree {
  Element root;
  Element* at = &root;
};

void OnStart(void* data, const XML_Char* name, const XML_Char** attrs) {
  Tree* t = static_cast<Tree*>(data);
  auto e = std::make_unique<Element>();
  e->name = name;
  for (int i = 0; attrs[i]; i += 2) e->attrs[attrs[i]] = attrs[i + 1];
  e->parent = t->at;
  t->at->children.push_back(std::move(e));
  t->at = t->at->children.back().get();
}
void OnEnd(void* data, const XML_Char*) {
  Tree* t = static_cast<Tree*>(data);
  t->at = t->at->parent;
}
void OnText(void* data, const XML_Char* s, int len) {
  static_cast<Tree*>(data)->at->text.append(s, len);
}

// The document element, or nullptr (with a test failure) if not well-formed.
const Element* Parse(const std::string& xml, Tree* tree) {
  XML_Parser p = XML_ParserCreate("UTF-8");
  XML_SetUserData(p, tree);
  XML_SetElementHandler(p, OnStart, OnEnd);
  XML_SetCharacterDataHandler(p, OnText);
  const bool ok = XML_Parse(p, xml.data(), static_cast<int>(xml.size()), 1) == XML_STATUS_OK;
  EXPECT_TRUE(ok) << XML_ErrorString(XML_GetErrorCode(p)) << " at line "
                  << XML_GetCurrentLineNumber(p);
  XML_ParserFree(p);
  if (!ok || tree->root.children.size() != 1) return nullptr;
  return tree->root.children.front().get();
}

const Element* Table(const Element& resource, const std::string& id) {
  for (const Element* t : resource.All("table")) {
    if (t->Attr("id") == id) return t;
  }
  ADD_FAILURE() << "no table " << id;
  return nullptr;
}

// ObsCore 1.1 (IVOA REC 2017-05-09), its table of columns: name, unit, UCD.
struct RecColumn {
  const char* name;
  const char* unit;
  const char* ucd;
};
constexpr RecColumn kRec[] = {
    {"dataproduct_type", "", "meta.code.class"},
    {"dataproduct_subtype", "", "meta.code.class"},
    {"calib_level", "", "meta.code;obs.calib"},
    {"obs_collection", "", "meta.id"},
    {"obs_id", "", "meta.id"},
    {"obs_title", "", "meta.title;obs"},
    {"obs_publisher_did", "", "meta.ref.ivoid"},
    {"obs_creator_did", "", "meta.id"},
    {"access_url", "", "meta.ref.url"},
    {"access_format", "", "meta.code.mime"},
    {"access_estsize", "kbyte", "phys.size;meta.file"},
    {"target_name", "", "meta.id;src"},
    {"target_class", "", "src.class"},
    {"s_ra", "deg", "pos.eq.ra"},
    {"s_dec", "deg", "pos.eq.dec"},
    {"s_fov", "deg", "phys.angSize;instr.fov"},
    {"s_region", "", "pos.outline;obs.field"},
    {"s_resolution", "arcsec", "pos.angResolution"},
    {"s_xel1", "", "meta.number"},
    {"s_xel2", "", "meta.number"},
    {"s_pixel_scale", "arcsec", "phys.angSize;instr.pixel"},
    {"t_min", "d", "time.start;obs.exposure"},
    {"t_max", "d", "time.end;obs.exposure"},
    {"t_exptime", "s", "time.duration;obs.exposure"},
    {"t_resolution", "s", "time.resolution"},
    {"t_xel", "", "meta.number"},
    {"em_min", "m", "em.wl;stat.min"},
    {"em_max", "m", "em.wl;stat.max"},
    {"em_res_power", "", "spect.resolution"},
    {"em_xel", "", "meta.number"},
    {"em_ucd", "", "meta.ucd"},
    {"o_ucd", "", "meta.ucd"},
    {"pol_states", "", "meta.code;phys.polarization"},
    {"pol_xel", "", "meta.number"},
    {"facility_name", "", "meta.id;instr.tel"},
    {"instrument_name", "", "meta.id;instr"},
    {"preview", "", "meta.ref.url;meta.preview"},
};

constexpr const char* kDate = "2026-01-31T12:00:00Z";

class DachsRdTest : public ::testing::Test {
 protected:
  void SetUp() override {
    xml_ = DachsResourceDescriptor("skyseed_corpus", kDate);
    resource_ = Parse(xml_, &tree_);
    ASSERT_NE(resource_, nullptr);
  }
  std::string xml_;
  Tree tree_;
  const Element* resource_ = nullptr;
};

TEST_F(DachsRdTest, ResourceAndTables) {
  EXPECT_EQ(resource_->name, "resource");
  EXPECT_EQ(resource_->Attr("schema"), "skyseed_corpus");
  EXPECT_EQ(resource_->Attr("resdir"), "skyseed");
  std::map<std::string, std::string> meta;
  for (const Element* m : resource_->All("meta")) meta[m->Attr("name")] = m->text;
  EXPECT_EQ(meta["creationDate"], kDate);
  EXPECT_FALSE(meta["title"].empty());
  EXPECT_FALSE(meta["description"].empty());
  ASSERT_EQ(resource_->All("table").size(), 2u);
  for (const Element* t : resource_->All("table")) {
    EXPECT_EQ(t->Attr("onDisk"), "True") << t->Attr("id");
    EXPECT_EQ(t->Attr("adql"), "True") << t->Attr("id");
    // The rows come in position order, as a clustered table's (gen-4).
    std::string description;
    for (const Element* m : t->All("meta")) {
      if (m->Attr("name") == "description") description = m->text;
    }
    EXPECT_NE(description.find("Stored in position order"), std::string::npos) << t->Attr("id");
  }
  const std::vector<const Element*> data = resource_->All("data");
  ASSERT_EQ(data.size(), 1u);
  EXPECT_EQ(data[0]->Attr("updating"), "True");
  std::set<std::string> made;
  for (const Element* m : data[0]->All("make")) made.insert(m->Attr("table"));
  EXPECT_EQ(made, (std::set<std::string>{"obscore", "gaia_source"}));
  EXPECT_EQ(DachsResourceDescriptor("skyseed_corpus", kDate), xml_);  // pure
}

TEST_F(DachsRdTest, EveryRecColumnOnceWithTheRecsUnitAndUcd) {
  const Element* obscore = Table(*resource_, "obscore");
  ASSERT_NE(obscore, nullptr);
  std::map<std::string, int> seen;
  std::map<std::string, const Element*> by_name;
  for (const Element* c : obscore->All("column")) {
    ++seen[c->Attr("name")];
    by_name[c->Attr("name")] = c;
  }
  for (const RecColumn& rec : kRec) {
    EXPECT_EQ(seen[rec.name], 1) << rec.name;
    const Element* c = by_name[rec.name];
    if (!c) continue;
    EXPECT_EQ(c->Attr("unit"), rec.unit) << rec.name;
    EXPECT_EQ(c->Attr("ucd"), rec.ucd) << rec.name;
    EXPECT_FALSE(c->Attr("type").empty()) << rec.name;
    EXPECT_FALSE(c->Attr("description").empty()) << rec.name;
    const std::vector<const Element*> props = c->All("property");
    if (std::string(rec.name) == "preview") {  // DaCHS's column, not ObsCore 1.1's
      EXPECT_TRUE(props.empty()) << "preview is not a standard column";
      continue;
    }
    ASSERT_EQ(props.size(), 1u) << rec.name;
    EXPECT_EQ(props[0]->Attr("name"), "std");
  }
  EXPECT_EQ(seen.size(), std::size(kRec)) << "only REC columns in the ObsCore table";
  EXPECT_EQ(by_name["s_region"]->Attr("type"), "spoly");
  EXPECT_EQ(by_name["s_region"]->Attr("xtype"), "adql:REGION");
  EXPECT_EQ(by_name["s_xel1"]->Attr("type"), "bigint");
}

TEST_F(DachsRdTest, NoBookkeepingColumnAnywhere) {
  for (const Element* t : resource_->All("table")) {
    for (const Element* c : t->All("column")) {
      EXPECT_NE(c->Attr("name"), "obs_pk");
      EXPECT_NE(c->Attr("name"), "s_region_literal");
    }
    for (const Element* i : t->All("index")) {
      EXPECT_EQ(i->Attr("columns").find("obs_pk"), std::string::npos);
    }
  }
  EXPECT_EQ(xml_.find("obs_pk"), std::string::npos);
  EXPECT_EQ(xml_.find("_literal"), std::string::npos);
}

// Each published column as declared, in declaration order; texts survive
// escaping and parsing unchanged.
TEST_F(DachsRdTest, ColumnsAreTheDeclarations) {
  for (const TableDef& t : CorpusTables()) {
    const Element* table = Table(*resource_, t.name);
    ASSERT_NE(table, nullptr);
    const std::vector<const Element*> cols = table->All("column");
    size_t at = 0;
    for (const ColumnDecl& d : t.columns) {
      if (d.meta.role == ColumnMeta::kBookkeeping) continue;
      ASSERT_LT(at, cols.size());
      const Element& c = *cols[at++];
      EXPECT_EQ(c.Attr("name"), d.name);
      EXPECT_EQ(c.Attr("utype"), d.meta.utype) << d.name;
      EXPECT_EQ(c.Attr("description"), d.meta.description) << d.name;
      EXPECT_EQ(c.Attr("required"), d.nullable ? "" : "True") << d.name;
      EXPECT_EQ(c.Attr("verbLevel"), d.meta.principal ? "10" : "25") << d.name;
      const bool integer =
          d.type == PgType::kInt2 || d.type == PgType::kInt4 || d.type == PgType::kInt8;
      const std::vector<const Element*> values = c.All("values");
      if (d.nullable && integer) {
        ASSERT_EQ(values.size(), 1u) << d.name;
        EXPECT_EQ(values[0]->Attr("nullLiteral"), "-1");
      } else {
        EXPECT_TRUE(values.empty()) << d.name;
      }
    }
    EXPECT_EQ(at, cols.size());
  }
}

TEST_F(DachsRdTest, IcrsIndexesAndObscoreContribution) {
  const Element* obscore = Table(*resource_, "obscore");
  const Element* source = Table(*resource_, "gaia_source");
  ASSERT_TRUE(obscore && source);
  ASSERT_EQ(obscore->All("stc").size(), 1u);
  EXPECT_EQ(obscore->All("stc")[0]->text, "Polygon ICRS [s_region] Position \"s_ra\" \"s_dec\"");
  ASSERT_EQ(source->All("stc").size(), 1u);
  EXPECT_EQ(source->All("stc")[0]->text, "Position ICRS Epoch J2016.0 \"ra\" \"dec\"");
  ASSERT_EQ(obscore->All("mixin").size(), 1u);
  EXPECT_EQ(obscore->All("mixin")[0]->text, "//obscore#publishObscoreLike");
  EXPECT_EQ(obscore->All("mixin")[0]->Attr("source_table"), "'skyseed_corpus.obscore'");
  EXPECT_TRUE(source->All("mixin").empty());
}

// The RD declares exactly the corpus indexes (schema/corpus_schema.h) that
// serve published columns, each with the columns and kind DaCHS translates
// ADQL for, and builds none of them.
TEST_F(DachsRdTest, IndexesAreTheCorpusIndexes) {
  for (const TableDef& t : CorpusTables()) {
    const Element* table = Table(*resource_, t.name);
    ASSERT_NE(table, nullptr);
    std::map<std::string, const Element*> declared;
    for (const Element* i : table->All("index")) {
      EXPECT_EQ(i->Attr("metaOnly"), "True") << i->Attr("name");
      declared[i->Attr("name")] = i;
    }
    size_t expected = 0;
    for (const IndexDef& i : CorpusIndexes(UnquotedIdentifier)) {
      if (i.table != &t) continue;
      const std::string& sql = i.create_sql;
      // obscore's primary key is obs_pk, skyseed's own key.
      const bool on_bookkeeping = i.kind == IndexKind::kPrimaryKey && t.id == kObsCoreTableId;
      if (on_bookkeeping) {
        EXPECT_EQ(declared.count(i.name), 0u) << i.name;
        continue;
      }
      ++expected;
      ASSERT_EQ(declared.count(i.name), 1u) << i.name << " not declared";
      const Element& d = *declared[i.name];
      if (sql.find("q3c_ang2ipix") != std::string::npos) {
        EXPECT_EQ(d.Attr("kind"), "q3c") << i.name;
        EXPECT_EQ(d.Attr("columns"), std::string(t.ra_column) + "," + t.dec_column);
      } else if (sql.find("gist (spoint(") != std::string::npos) {
        EXPECT_EQ(d.Attr("kind"), "spoint") << i.name;
        EXPECT_EQ(d.Attr("method"), "GIST") << i.name;
        EXPECT_EQ(d.Attr("columns"), std::string(t.ra_column) + "," + t.dec_column);
        EXPECT_EQ(d.text, "spoint(radians(" + std::string(t.ra_column) + "), radians(" +
                              t.dec_column + "))");
      } else if (sql.find("gist") != std::string::npos) {
        EXPECT_EQ(d.Attr("columns"), "s_region") << i.name;
        EXPECT_EQ(d.Attr("method"), "GIST") << i.name;
      } else {
        EXPECT_NE(sql.find("(" + d.Attr("columns") + ")"), std::string::npos) << i.name;
      }
    }
    EXPECT_EQ(declared.size(), expected) << t.name;
  }
  std::set<std::string> obscore_indexed;
  for (const Element* i : Table(*resource_, "obscore")->All("index")) {
    obscore_indexed.insert(i->Attr("columns"));
  }
  EXPECT_TRUE(obscore_indexed.count("s_region"));
  EXPECT_TRUE(obscore_indexed.count("s_ra,s_dec"));
  EXPECT_TRUE(obscore_indexed.count("obs_id"));
}

TEST_F(DachsRdTest, SchemaIsAParameter) {
  Tree tree;
  const Element* r = Parse(DachsResourceDescriptor("other_schema", kDate), &tree);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->Attr("schema"), "other_schema");
  EXPECT_EQ(Table(*r, "obscore")->All("mixin")[0]->Attr("source_table"), "'other_schema.obscore'");
}

TEST(DachsRd, XmlEscapeAndIdentifiers) {
  EXPECT_EQ(EscapeMarkup("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  EXPECT_EQ(EscapeMarkup("λ / Δλ"), "λ / Δλ");
  EXPECT_TRUE(IsPlainIdentifier("skyseed_corpus"));
  EXPECT_TRUE(IsPlainIdentifier("_s2"));
  EXPECT_FALSE(IsPlainIdentifier(""));
  EXPECT_FALSE(IsPlainIdentifier("2s"));
  EXPECT_FALSE(IsPlainIdentifier("Sky"));
  EXPECT_FALSE(IsPlainIdentifier("a.b"));
  EXPECT_FALSE(IsPlainIdentifier("a\"b"));
  EXPECT_FALSE(IsPlainIdentifier(std::string(64, 'a')));
}

}  // namespace
}  // namespace skyseed
