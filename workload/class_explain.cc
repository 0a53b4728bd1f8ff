#include "workload/class_explain.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

namespace skyseed {
namespace {

bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Runs `sql` with the variables bound so far as parameters.
Status QueryBound(PgConnection& conn, const std::string& sql,
                  const std::map<std::string, std::string>& vars, PgResult* out) {
  std::vector<std::string> order;
  const std::string numbered = NumberVariables(sql, &order);
  std::vector<std::string> params;
  for (const std::string& name : order) {
    auto v = vars.find(name);
    if (v == vars.end()) return Status::InvalidArgument("script variable :" + name + " is unset");
    params.push_back(v->second);
  }
  return conn.Query(numbered, params, out);
}

}  // namespace

std::string NumberVariables(const std::string& sql, std::vector<std::string>* order) {
  std::string out;
  for (size_t i = 0; i < sql.size(); ++i) {
    const bool cast = sql[i] == ':' && i + 1 < sql.size() && sql[i + 1] == ':';
    if (cast) {
      out += "::";
      ++i;
      continue;
    }
    if (sql[i] != ':' || i + 1 >= sql.size() || !IsNameChar(sql[i + 1])) {
      out.push_back(sql[i]);
      continue;
    }
    size_t end = i + 1;
    while (end < sql.size() && IsNameChar(sql[end])) ++end;
    const std::string name = sql.substr(i + 1, end - i - 1);
    auto at = std::find(order->begin(), order->end(), name);
    if (at == order->end()) at = order->insert(order->end(), name);
    out.push_back('$');
    out += std::to_string(at - order->begin() + 1);
    i = end - 1;
  }
  return out;
}

Result<std::string> ExplainScript(PgConnection& conn, const std::string& script) {
  std::map<std::string, std::string> vars;
  std::string statement;
  std::istringstream lines(script);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.rfind("--", 0) == 0) continue;
    if (line.rfind("\\set ", 0) == 0) {
      std::istringstream words(line.substr(5));
      std::string name;
      words >> name;
      vars[name].assign(1, '1');  // the first parameter row
      continue;
    }
    const size_t gset = line.find("\\gset");
    if (gset != std::string::npos) {
      PgResult r;
      SKYSEED_RETURN_IF_ERROR(QueryBound(conn, line.substr(0, gset), vars, &r));
      if (r.rows() != 1) return Status::NotFound("no parameter row for: " + line);
      for (int c = 0; c < r.columns(); ++c) vars[r.column_name(c)] = r.text(0, c);
      continue;
    }
    statement += line + "\n";
  }
  while (!statement.empty() && (statement.back() == '\n' || statement.back() == ';')) {
    statement.pop_back();
  }
  if (statement.empty()) return Status::InvalidArgument("the script has no statement to explain");
  PgResult plan;
  SKYSEED_RETURN_IF_ERROR(
      QueryBound(conn, "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + statement, vars, &plan));
  return plan.text(0, 0);
}

}  // namespace skyseed
