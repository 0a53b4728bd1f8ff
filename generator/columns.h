// How a table's columns are declared once. Each row struct lists its columns
// in one template method, `template <class V> void Columns(V& v)`, calling
// v(name, field) for each in schema order; the C++ type of the field decides
// the PostgreSQL type and nullability. The DDL, the COPY encoder, the hash and
// the decoders in the tests all walk that one list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skyseed {

// A value that may be SQL NULL.
template <typename T>
struct Nullable {
  T value{};
  bool null = true;
  void Set(T v) {
    value = v;
    null = false;
  }
  void SetNull() { null = true; }
};

enum class PgType { kInt2, kInt4, kInt8, kFloat4, kFloat8, kText };

const char* PgTypeName(PgType t);

template <typename T>
struct PgTypeOf;
template <> struct PgTypeOf<int16_t> { static constexpr PgType kType = PgType::kInt2; };
template <> struct PgTypeOf<int32_t> { static constexpr PgType kType = PgType::kInt4; };
template <> struct PgTypeOf<int64_t> { static constexpr PgType kType = PgType::kInt8; };
template <> struct PgTypeOf<float> { static constexpr PgType kType = PgType::kFloat4; };
template <> struct PgTypeOf<double> { static constexpr PgType kType = PgType::kFloat8; };
template <> struct PgTypeOf<std::string> { static constexpr PgType kType = PgType::kText; };

struct ColumnDecl {
  std::string name;
  PgType type;
  bool nullable;
};

// Visitor that records each column's declaration.
class ColumnCollector {
 public:
  template <typename T>
  void operator()(const char* name, const T&) {
    columns.push_back({name, PgTypeOf<T>::kType, false});
  }
  template <typename T>
  void operator()(const char* name, const Nullable<T>&) {
    columns.push_back({name, PgTypeOf<T>::kType, true});
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
