#include "generator/corpus_tables.h"

#include "generator/copy_encoder.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

template <typename Row, void (*Generate)(uint64_t, uint64_t, Row*)>
void EncodeRange(uint64_t seed, RowRange range, ByteBuffer* out, TableDigest* digest) {
  Row row;
  CopyEncoder enc(out);
  for (uint64_t i = range.first; i < range.end(); ++i) {
    Generate(seed, i, &row);
    const size_t start = out->size();
    enc.Tuple(row);
    digest->AddRow(out->data() + start, out->size() - start);
  }
}

std::vector<TableDef> MakeTables() {
  return {
      {kObsCoreTableId, "ivoa", "obscore", "obs_pk", DeclaredColumns<ObsCoreRow>(),
       &EncodeRange<ObsCoreRow, GenerateObsCoreRow>},
      {kSourceTableId, "gaia", "gaia_source", "source_id", DeclaredColumns<SourceRow>(),
       &EncodeRange<SourceRow, GenerateSourceRow>},
  };
}

}  // namespace

const std::vector<TableDef>& CorpusTables() {
  static const std::vector<TableDef> tables = MakeTables();
  return tables;
}

const TableDef* FindTable(const std::string& name) {
  for (const TableDef& t : CorpusTables()) {
    if (name == t.name || name == t.qualified_name()) return &t;
  }
  return nullptr;
}

}  // namespace skyseed
