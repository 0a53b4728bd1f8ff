// The standard names (ivoa.obscore, gaia.gaia_source) under which skyseed may
// present its tables (skyseed_corpus.obscore, ...) as views: what each name
// holds now, what skyseed's bookkeeping says it presents, and bringing the
// two together when a grow or init asks (--standard-names) or finds its own
// view lost. A name held by an object skyseed did not create (DaCHS builds
// its own ivoa.obscore) is never touched.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/narrator.h"
#include "common/status.h"
#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"

namespace skyseed {

struct StandardNameState {
  const TableDef* table = nullptr;
  std::string name;        // "ivoa.obscore"
  std::string table_name;  // "skyseed_corpus.obscore"
  enum class Holder { kAbsent, kOurs, kForeign } holder = Holder::kAbsent;
  std::string kind;          // kForeign: "a view", "a table", ...
  bool as_declared = false;  // kOurs: its query is the one skyseed declares
  // The bookkeeping says skyseed presents the table under this name (for a
  // corpus older than that record: the name holds skyseed's view).
  bool recorded = false;
  bool schema_created = false;  // recorded: skyseed created the name's schema
};

// Reads only.
Result<std::vector<StandardNameState>> InspectStandardNames(PgConnection& conn);

// "ivoa.obscore: skyseed's view of skyseed_corpus.obscore", "... : a view
// skyseed did not create (a service's, such as DaCHS's)", "... : absent".
std::string DescribeStandardName(const StandardNameState& s);

// What verify reports: a view skyseed presents that is missing, not as
// declared, or replaced by someone else's object.
std::vector<std::string> StandardNameProblems(const std::vector<StandardNameState>& states);

// For grow and init on an existing corpus: `wanted` (the option, if given)
// or else the recorded setting is made true, in one transaction: skyseed's
// lost or altered views recreated, its views created or dropped (with a
// schema it created, once empty) when the setting changes. Each change is
// said in one line. InvalidArgument, naming the object, when a name skyseed
// is to present holds an object it did not create.
Status ReconcileStandardNames(PgConnection& conn, std::optional<bool> wanted, Narrator& narrator);

}  // namespace skyseed
