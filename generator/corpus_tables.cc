#include "generator/corpus_tables.h"

#include <cstdlib>

#include "copy_format/copy_encoder.h"
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
  std::vector<TableDef> tables = {
      {.id = kObsCoreTableId,
       .schema = "ivoa",
       .name = "obscore",
       .key_column = "obs_pk",
       .key_row_mask = UINT64_MAX,
       .ra_column = "s_ra",
       .dec_column = "s_dec",
       .footprint_column = "s_region",
       .columns = DeclaredColumns<ObsCoreRow>(),
       .encode = &EncodeRange<ObsCoreRow, GenerateObsCoreRow>},
      {.id = kSourceTableId,
       .schema = "gaia",
       .name = "gaia_source",
       .key_column = "source_id",
       .key_row_mask = static_cast<uint64_t>(kSourceIdPixelFactor) - 1,
       .ra_column = "ra",
       .dec_column = "dec",
       .footprint_column = nullptr,
       .columns = DeclaredColumns<SourceRow>(),
       .encode = &EncodeRange<SourceRow, GenerateSourceRow>},
  };
  // TableRows holds one count per table.
  if (tables.size() != kCorpusTableCount) std::abort();
  for (size_t i = 0; i < tables.size(); ++i) tables[i].index = i;
  return tables;
}

}  // namespace

const std::vector<TableDef>& CorpusTables() {
  static const std::vector<TableDef> tables = MakeTables();
  return tables;
}

const TableDef* FindTable(const std::string& name) {
  for (const TableDef& t : CorpusTables()) {
    if (name == t.name || name == t.standard_name()) return &t;
  }
  return nullptr;
}

const TableDef& CorpusTableWithId(uint32_t id) {
  for (const TableDef& t : CorpusTables()) {
    if (t.id == id) return t;
  }
  std::abort();
}

}  // namespace skyseed
