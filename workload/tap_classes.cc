#include "workload/tap_classes.h"

#include <algorithm>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "generator/text_format.h"

namespace skyseed {
namespace {

std::string Fixed6(double v) {
  std::string s;
  AppendFixed6(&s, v);
  return s;
}

// The TAP_SCHEMA rows of a table: what a client reads before it queries.
std::vector<std::string> MetadataQueries(const TapQueryText& t) {
  std::vector<std::string> out;
  for (const std::string& table : {t.tables.obscore, t.tables.source}) {
    out.push_back(
        "SELECT column_name, datatype, unit, ucd, description FROM TAP_SCHEMA.columns "
        "WHERE table_name = '" +
        table + "'");
  }
  return out;
}

std::string PublisherDid(const std::string& obs_id) {
  std::string did;
  WritePublisherDid(obs_id, &did);
  return did;
}

// Alternately a source by source_id and an observation by its publisher DID,
// the two keys clients look rows up by.
std::vector<std::string> LookupQueries(const TapQueryText& t) {
  std::vector<std::string> out;
  const size_t n = std::max(t.params.sources.size(), t.params.observations.size());
  for (size_t k = 0; k < n; ++k) {
    if (k % 2 == 0 && k < t.params.sources.size()) {
      out.push_back("SELECT * FROM " + t.tables.source +
                    " WHERE source_id = " + std::to_string(t.params.sources[k].source_id));
    } else if (k < t.params.observations.size()) {
      out.push_back("SELECT * FROM " + t.tables.obscore + " WHERE obs_publisher_did = '" +
                    PublisherDid(t.params.observations[k].obs_id) + "'");
    }
  }
  return out;
}

std::string Circle(const ConeParam& c) {
  return "CIRCLE('ICRS', " + Fixed6(c.ra) + ", " + Fixed6(c.dec) + ", " + Fixed6(c.radius) + ")";
}

std::vector<std::string> ConeQueries(const TapQueryText& t) {
  std::vector<std::string> out;
  for (const ConeParam& c : t.params.cones) {
    out.push_back("SELECT TOP 500 source_id, ra, dec, phot_g_mean_mag FROM " + t.tables.source +
                  " WHERE CONTAINS(POINT('ICRS', ra, dec), " + Circle(c) + ") = 1");
  }
  return out;
}

std::vector<std::string> FootprintQueries(const TapQueryText& t) {
  std::vector<std::string> out;
  for (const ConeParam& c : t.params.cones) {
    out.push_back("SELECT obs_id, s_ra, s_dec, s_region FROM " + t.tables.obscore +
                  " WHERE INTERSECTS(s_region, " + Circle(c) + ") = 1");
  }
  return out;
}

// Every column of 1,000 catalogue rows in key order from a drawn source:
// what streaming a large result costs the service (serialisation, HTTP).
std::vector<std::string> StreamQueries(const TapQueryText& t) {
  std::vector<std::string> out;
  for (const SourceLookup& s : t.params.sources) {
    out.push_back("SELECT TOP 1000 * FROM " + t.tables.source +
                  " WHERE source_id >= " + std::to_string(s.source_id) + " ORDER BY source_id");
  }
  return out;
}

std::vector<std::string> AggregateQueries(const TapQueryText& t) {
  return {"SELECT dataproduct_type, COUNT(*) AS n, AVG(t_exptime) AS mean_exptime FROM " +
          t.tables.obscore + " GROUP BY dataproduct_type"};
}

}  // namespace

const std::vector<TapClass>& TapMix() {
  // The default weights are the users' end-to-end mix: clients look rows up
  // and search cones in loops (per object, per field), read a table's
  // metadata about once per ten queries, and one request in seven streams a
  // large result. Footprints and the whole-table aggregate are named
  // classes outside it: the aggregate is the users' separate comparison
  // benchmark (--tap-mix aggregate_obscore=100), and at weight 5 it took
  // most of the database's time in the mix.
  static const std::vector<TapClass> mix = {
      {"tap_metadata", 10, nullptr, MetadataQueries},
      {"tap_lookup", 40, "lookup_source", LookupQueries},
      {"tap_cone", 35, "cone_source", ConeQueries},
      {"tap_stream_1000", 15, nullptr, StreamQueries},
      {"tap_footprint", 0, "footprint_obscore", FootprintQueries},
      {"aggregate_obscore", 0, "aggregate_obscore", AggregateQueries},
  };
  return mix;
}

const TapClass* FindTapClass(std::string_view name) {
  for (const TapClass& c : TapMix()) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

std::string TapClassNames() {
  std::string names;
  for (const TapClass& c : TapMix()) names += (names.empty() ? "" : ", ") + std::string(c.name);
  return names;
}

std::string TapQueryFileName(const TapClass& c) { return std::string(c.name) + ".adql"; }

std::vector<std::string> TapQueriesOf(const TapClass& c, const TierSpec& tier,
                                      const WorkloadOptions& options, const TapTables& tables) {
  const WorkloadParams params =
      DrawWorkloadParams(tier.RowsOf(kObsCoreTableId), tier.RowsOf(kSourceTableId), options);
  return c.queries({params, tables});
}

std::string TapQueryFile(const TapClass& c, const TierSpec& tier, const WorkloadOptions& options,
                         const TapTables& tables) {
  std::string s = "-- skyseed TAP class " + std::string(c.name) + ", tier " + tier.name +
                  ", seed " + std::to_string(options.seed) + "; one ADQL query per line\n";
  for (const std::string& q : TapQueriesOf(c, tier, options, tables)) s += q + "\n";
  return s;
}

}  // namespace skyseed
