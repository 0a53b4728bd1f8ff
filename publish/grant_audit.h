// Privileges on the corpus that skyseed did not give: on its tables, its
// views (ivoa.obscore, gaia.gaia_source when skyseed presents them; UPDATE
// through an auto-updatable view writes the table), their columns, and its
// bookkeeping (schema skyseed). skyseed grants as the tables' owner (grow
// --grant); a grant made by anyone else is a service's (DaCHS's gavoadmin
// passes read on to its query roles). Not corpus data, so verify warns
// rather than fails, but a user unpublishing wants to know.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// One line per (grantor, grantee): who gave whom what on the corpus schema,
// its tables and views, their columns and skyseed's bookkeeping, e.g. "gavoadmin granted untrusted
// SELECT on skyseed_corpus.gaia_source, skyseed_corpus.obscore; USAGE on schema skyseed_corpus".
// Empty when every grant is the owner's.
Result<std::vector<std::string>> GrantsSkyseedDidNotMake(PgConnection& conn);

}  // namespace skyseed
