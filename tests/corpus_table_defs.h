// The two corpus tables' definitions, for the tests that build plans,
// ledgers and schemas around them.
#pragma once

#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {

inline const TableDef& ObscoreDef() { return CorpusTableWithId(kObsCoreTableId); }
inline const TableDef& SourceDef() { return CorpusTableWithId(kSourceTableId); }

}  // namespace skyseed
