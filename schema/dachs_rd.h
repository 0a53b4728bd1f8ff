// A GAVO DaCHS resource descriptor (RD) that publishes the corpus tables
// through DaCHS's TAP service without handing them over: the tables stay
// skyseed's (created, owned and filled by skyseed), DaCHS only reads their
// metadata and, for the ObsCore table, adds its rows to DaCHS's own
// ivoa.obscore view.
//
// Every column comes from its one declaration in generator/ (type, unit, UCD,
// utype, description, principal); bookkeeping columns (obs_pk) are left out,
// and so is the footprint's literal twin (s_region_literal), which is not a
// declared column. The tables are `onDisk` and `updating`, and every index is
// marked `metaOnly`, which DaCHS 2.7 defines but never reads: a plain
// `dachs imp` sends CREATE INDEX for them and stops only on "must be
// owner". What keeps DaCHS from creating, dropping or filling anything of
// skyseed's is ownership: its roles get SELECT, never the tables
// (tests/tap/dachs_test.sh shows a plain import refused for that reason).
#pragma once

#include <string>

namespace skyseed {

// The RD id is "<kDachsResdir>/q" once the file is installed as
// $inputsDir/<kDachsResdir>/q.rd.
inline constexpr const char* kDachsResdir = "skyseed";

// The RD text (UTF-8 XML) for the corpus tables in `schema`. Pure: the same
// arguments give the same bytes. `schema` must be a plain lower-case SQL
// identifier (checked by the caller; see IsPlainIdentifier);
// `creation_date` (ISO 8601, "2026-01-31T12:00:00Z") is the resource's
// creationDate, which DaCHS's validation (`dachs val`) requires.
std::string DachsResourceDescriptor(const std::string& schema, const std::string& creation_date);

// [a-z_][a-z0-9_]* and at most 63 bytes: a name DaCHS and PostgreSQL both
// take unquoted.
bool IsPlainIdentifier(const std::string& name);

}  // namespace skyseed
