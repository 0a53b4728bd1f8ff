#include "generator/columns.h"

namespace skyseed {

const char* PgTypeName(PgType t) {
  switch (t) {
    case PgType::kInt2:
      return "smallint";
    case PgType::kInt4:
      return "integer";
    case PgType::kInt8:
      return "bigint";
    case PgType::kFloat4:
      return "real";
    case PgType::kFloat8:
      return "double precision";
    case PgType::kText:
      return "text";
  }
  return "?";
}

}  // namespace skyseed
