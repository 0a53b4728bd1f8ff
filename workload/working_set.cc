#include "workload/working_set.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <set>

#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "loader/array_literal.h"
#include "schema/corpus_schema.h"

namespace skyseed {
namespace {

// Each drawn ID once: the draws repeat some, and a stream read twice is
// time spent on nothing new.
std::vector<int64_t> SourceIds(const WorkloadParams& p) {
  std::vector<int64_t> ids;
  for (const SourceLookup& s : p.sources) ids.push_back(s.source_id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::vector<std::string> PublisherDids(const WorkloadParams& p) {
  std::vector<std::string> dids;
  for (const ObsLookup& o : p.observations) {
    std::string did;
    WritePublisherDid(o.obs_id, &did);
    dids.push_back(std::move(did));
  }
  return dids;
}

// The cones as three arrays, $1..$3, unnested as c(cra, cdec, crad).
std::vector<std::string> ConeArrays(const WorkloadParams& p) {
  std::vector<double> ra, dec, radius;
  for (const ConeParam& c : p.cones) {
    ra.push_back(c.ra);
    dec.push_back(c.dec);
    radius.push_back(c.radius);
  }
  return {ArrayLiteral(ra), ArrayLiteral(dec), ArrayLiteral(radius)};
}

constexpr const char* kCones =
    "unnest($1::float8[], $2::float8[], $3::float8[]) AS c(cra, cdec, crad)";

}  // namespace

std::vector<PrimeStatement> WorkingSetStatements(
    const std::vector<std::string>& class_names, const WorkloadParams& params,
    const std::string& corpus_schema, const std::function<std::string(std::string_view)>& quote) {
  const std::set<std::string> classes(class_names.begin(), class_names.end());
  const std::string source =
      quote(corpus_schema) + "." + quote(CorpusTableWithId(kSourceTableId).name);
  const std::string obscore =
      quote(corpus_schema) + "." + quote(CorpusTableWithId(kObsCoreTableId).name);
  // Each returns (rows, a sum over a column no index holds): the sum makes
  // every row's heap tuple be fetched, as the queries do, where count(*)
  // alone could be answered from an index.
  std::vector<PrimeStatement> out;
  // lookup_source (the database mix) or tap_lookup (the TAP mix): by ID alike.
  for (const char* name : {"lookup_source", "tap_lookup"}) {
    if (!classes.count(name)) continue;
    out.push_back({name,
                   "SELECT count(*), sum(g.phot_g_mean_mag) FROM " + source +
                       " g WHERE g.source_id = ANY($1::bigint[])",
                   {ArrayLiteral(SourceIds(params))}});
  }
  if (classes.count("tap_lookup")) {
    out.push_back({"tap_lookup",
                   "SELECT count(*), sum(length(o::text)) FROM " + obscore +
                       " o WHERE o.obs_publisher_did = ANY($1::text[])",
                   {ArrayLiteral(PublisherDids(params))}});
  }
  if (classes.count("cone_source")) {
    out.push_back({"cone_source",
                   "SELECT count(*), sum(x.phot_g_mean_mag) FROM " + std::string(kCones) +
                       " CROSS JOIN LATERAL (SELECT g.phot_g_mean_mag FROM " + source +
                       " g WHERE spoint(radians(g.ra), radians(g.dec)) <@ "
                       "scircle(spoint(radians(c.cra), radians(c.cdec)), radians(c.crad))) x",
                   ConeArrays(params)});
  }
  if (classes.count("tap_cone")) {
    // DaCHS writes CONTAINS(POINT, CIRCLE) with TOP 500 as q3c_join ... LIMIT 500.
    out.push_back({"tap_cone",
                   "SELECT count(*), sum(x.phot_g_mean_mag) FROM " + std::string(kCones) +
                       " CROSS JOIN LATERAL (SELECT g.phot_g_mean_mag FROM " + source +
                       " g WHERE q3c_join(c.cra, c.cdec, g.ra, g.dec, c.crad) LIMIT 500) x",
                   ConeArrays(params)});
  }
  if (classes.count("tap_stream_1000")) {
    // A stream's rows past the next start are the first of that one's, so
    // each stream is read up to the next start only: the union, each row
    // once (at tier ci 10,000 starts in 100,000 rows overlap ten times).
    const std::vector<int64_t> starts = SourceIds(params);
    std::vector<int64_t> upto(starts.begin() + (starts.empty() ? 0 : 1), starts.end());
    upto.push_back(std::numeric_limits<int64_t>::max());
    out.push_back({"tap_stream_1000",
                   "SELECT count(*), sum(x.phot_g_mean_mag) FROM "
                   "unnest($1::bigint[], $2::bigint[]) AS s(sid, upto) CROSS JOIN LATERAL "
                   "(SELECT g.phot_g_mean_mag FROM " +
                       source +
                       " g WHERE g.source_id >= s.sid AND g.source_id < s.upto "
                       "ORDER BY g.source_id LIMIT 1000) x",
                   {ArrayLiteral(starts), ArrayLiteral(upto)}});
  }
  return out;
}

Result<std::vector<PrimedClass>> PrimeWorkingSet(PgConnection& c,
                                                 const std::vector<PrimeStatement>& statements) {
  std::vector<PrimedClass> primed;
  const Status s = c.InTransaction([&]() -> Status {
    SKYSEED_RETURN_IF_ERROR(c.Exec("SET TRANSACTION READ ONLY; SET LOCAL enable_seqscan = off"));
    for (const PrimeStatement& p : statements) {
      const auto start = std::chrono::steady_clock::now();
      PgResult r;
      SKYSEED_RETURN_IF_ERROR(c.Query(p.sql, p.params, &r));
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      if (!primed.empty() && primed.back().class_name == p.class_name) {
        primed.back().rows += r.int64(0, 0);
        primed.back().seconds += took.count();
      } else {
        primed.push_back({p.class_name, r.int64(0, 0), took.count()});
      }
    }
    return Status::Ok();
  });
  if (!s.ok()) return s.Annotate("reading the working set into the cache");
  return primed;
}

std::string DescribePrimed(const std::vector<PrimedClass>& primed) {
  std::string s;
  double seconds = 0;
  char buf[96];
  for (const PrimedClass& p : primed) {
    std::snprintf(buf, sizeof buf, "%s %lld rows", p.class_name.c_str(),
                  static_cast<long long>(p.rows));
    s += (s.empty() ? "" : ", ") + std::string(buf);
    seconds += p.seconds;
  }
  std::snprintf(buf, sizeof buf, " in %.1f s", seconds);
  return s + buf;
}

std::function<Result<std::string>()> WorkingSetPrimer(PgConnection& c,
                                                      std::vector<std::string> class_names,
                                                      const TierSpec& tier,
                                                      const WorkloadOptions& options) {
  return [&c, class_names = std::move(class_names), tier, options]() -> Result<std::string> {
    const WorkloadParams params =
        DrawWorkloadParams(tier.RowsOf(kObsCoreTableId), tier.RowsOf(kSourceTableId), options);
    const std::vector<PrimeStatement> statements =
        WorkingSetStatements(class_names, params, kCorpusSchema, c.IdentQuoter());
    if (statements.empty()) return std::string();
    SKYSEED_ASSIGN_OR_RETURN(std::vector<PrimedClass> primed, PrimeWorkingSet(c, statements));
    return DescribePrimed(primed);
  };
}

}  // namespace skyseed
