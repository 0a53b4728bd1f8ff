// How a table's columns are declared once. Each row struct lists its columns
// in one template method, `template <class V> void Columns(V& v)`, calling
// v(name, field, meta) for each in schema order; the C++ type of the field
// decides the PostgreSQL type and nullability, `meta` says what the column
// means (unit, UCD, utype, description). The DDL, the COMMENTs, TAP_SCHEMA,
// the DaCHS resource descriptor, the COPY encoder and the hash all walk that
// one list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "copy_format/nullable.h"

namespace skyseed {

enum class PgType { kInt2, kInt4, kInt8, kFloat4, kFloat8, kText };

const char* PgTypeName(PgType t);

template <typename T>
struct PgTypeOf;
template <>
struct PgTypeOf<int16_t> {
  static constexpr PgType kType = PgType::kInt2;
};
template <>
struct PgTypeOf<int32_t> {
  static constexpr PgType kType = PgType::kInt4;
};
template <>
struct PgTypeOf<int64_t> {
  static constexpr PgType kType = PgType::kInt8;
};
template <>
struct PgTypeOf<float> {
  static constexpr PgType kType = PgType::kFloat4;
};
template <>
struct PgTypeOf<double> {
  static constexpr PgType kType = PgType::kFloat8;
};
template <>
struct PgTypeOf<std::string> {
  static constexpr PgType kType = PgType::kText;
};

// What a column means, as IVOA services describe it (VODataService / TAP
// 1.1 TAP_SCHEMA.columns). Empty strings where a property does not apply.
struct ColumnMeta {
  const char* unit = "";
  const char* ucd = "";
  const char* utype = "";
  const char* description = "";
  // Standard columns belong to the data model the table implements (ObsCore
  // 1.1); a key of skyseed's own (obs_pk) is neither standard nor served.
  enum Role { kStandard, kExtra, kBookkeeping } role = kExtra;
  bool principal = false;  // shown by default in a service's column list
};

struct ColumnDecl {
  std::string name;
  PgType type;
  bool nullable;
  ColumnMeta meta;
};

// Visitor that records each column's declaration.
class ColumnCollector {
 public:
  template <typename T>
  void operator()(const char* name, const T&, const ColumnMeta& meta) {
    columns.push_back({name, PgTypeOf<T>::kType, false, meta});
  }
  template <typename T>
  void operator()(const char* name, const Nullable<T>&, const ColumnMeta& meta) {
    columns.push_back({name, PgTypeOf<T>::kType, true, meta});
  }
  std::vector<ColumnDecl> columns;
};

template <typename Row>
std::vector<ColumnDecl> DeclaredColumns() {
  Row row;
  ColumnCollector c;
  row.Columns(c);
  return c.columns;
}

}  // namespace skyseed
