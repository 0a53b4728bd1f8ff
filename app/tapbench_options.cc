#include "app/tapbench_options.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "common/file_reads.h"
#include "common/service_url.h"
#include "common/user_values.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// A day is longer than any measurement window anyone waits for.
constexpr double kMaxSeconds = 86'400;

Result<double> ParseSeconds(const std::string& text, const char* what) {
  double v = 0;
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, v);
  if (text.empty() || r.ec != std::errc() || r.ptr != end || !std::isfinite(v) || !(v > 0) ||
      v > kMaxSeconds) {
    return Status::InvalidArgument(std::string(what) + " '" + text +
                                   "': expected seconds, more than 0 and at most 86400");
  }
  return v;
}

// The credentials in the URL, or else in kServiceUserinfoEnv (how a sweep
// hands them to its tapbench), kept out of everything shown.
Result<ServiceUrl> ParseUrl(const std::string& typed) {
  ServiceUrl url = SplitServiceUrl(typed);
  const bool http = url.url.rfind("http://", 0) == 0, https = url.url.rfind("https://", 0) == 0;
  const size_t host = http ? 7 : 8;
  if ((!http && !https) || url.url.size() <= host || url.url[host] == '/') {
    return Status::InvalidArgument("--url '" + url.Shown() +
                                   "': expected the TAP service's http:// or https:// base URL");
  }
  if (const char* env = std::getenv(kServiceUserinfoEnv); env != nullptr && url.userinfo.empty()) {
    url.userinfo = env;
  }
  return url;
}

// A query file is ADQL text: a NUL byte says it is not, found block by block
// before the file is read whole (a 200 MB file of NULs once cost 627 MB).
Status CheckQueryText(const fs::path& file, const std::string& class_name) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> block(1 << 20);
  uint64_t offset = 0;
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    const size_t got = static_cast<size_t>(in.gcount());
    for (size_t i = 0; i < got; ++i) {
      if (block[i] == '\0') {
        return Status::InvalidArgument("--file " + class_name + ": " + file.string() +
                                       " is not text (a NUL byte at offset " +
                                       std::to_string(offset + i) + "); one ADQL query per line");
      }
    }
    offset += got;
  }
  return Status::Ok();
}

// CLASS=QUERYFILE@WEIGHT; the weight after the last '@', so a file name may
// hold one.
Result<TapQueryClass> ParseFileArg(const std::string& arg) {
  const size_t eq = arg.find('='), at = arg.rfind('@');
  if (eq == std::string::npos || at == std::string::npos || at < eq || eq == 0 || at == eq + 1) {
    return Status::InvalidArgument("--file '" + arg + "': expected CLASS=QUERYFILE@WEIGHT");
  }
  TapQueryClass c;
  c.name = arg.substr(0, eq);
  for (const char ch : c.name) {
    if (ch == ' ' || ch == '\t' || ch == '\n') {
      return Status::InvalidArgument("--file '" + arg + "': a class name holds no spaces");
    }
  }
  const std::string weight_what = "--file " + c.name + " weight";
  SKYSEED_ASSIGN_OR_RETURN(const uint64_t weight,
                           ParseCount(arg.substr(at + 1), weight_what.c_str(), 0, 100));
  c.weight = static_cast<int>(weight);
  const fs::path file = arg.substr(eq + 1, at - eq - 1);
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) SKYSEED_RETURN_IF_ERROR(CheckQueryText(file, c.name));
  Result<std::string> text = ReadWholeFile(file);  // refuses a FIFO, a device, 256 MiB
  if (!text.ok())
    return Status::InvalidArgument("--file " + c.name + ": " + text.status().message());
  c.queries = QueriesOfText(*text);
  if (c.queries.empty()) {
    return Status::InvalidArgument("--file " + c.name + ": " + file.string() +
                                   " holds no query (one ADQL query per line)");
  }
  return c;
}

}  // namespace

Result<TapLoadOptions> ParseTapbenchOptions(const TapbenchArgs& a) {
  TapLoadOptions o;
  SKYSEED_ASSIGN_OR_RETURN(const ServiceUrl url, ParseUrl(a.url));
  o.url = url.url;
  o.userinfo = url.userinfo;
  SKYSEED_ASSIGN_OR_RETURN(const uint64_t clients, ParseCount(a.clients, "--clients", 1, 1000));
  o.clients = static_cast<int>(clients);
  SKYSEED_ASSIGN_OR_RETURN(o.seconds, ParseSeconds(a.time, "--time"));
  SKYSEED_ASSIGN_OR_RETURN(o.seed, ParseSeed(a.seed));
  SKYSEED_ASSIGN_OR_RETURN(o.timeout_s, ParseSeconds(a.timeout, "--timeout"));
  if (a.files.empty()) return Status::InvalidArgument("--file: give at least one query class");
  int total_weight = 0;
  for (const std::string& arg : a.files) {
    SKYSEED_ASSIGN_OR_RETURN(TapQueryClass c, ParseFileArg(arg));
    for (const TapQueryClass& before : o.classes) {
      if (before.name == c.name) {
        return Status::InvalidArgument("--file: class " + c.name + " is given twice");
      }
    }
    total_weight += c.weight;
    o.classes.push_back(std::move(c));
  }
  if (total_weight == 0) return Status::InvalidArgument("--file: every weight is 0");
  if (a.log.empty()) return Status::InvalidArgument("--log must not be empty");
  const fs::path dir = fs::path(a.log).parent_path();
  std::error_code ec;
  if (!fs::is_directory(dir.empty() ? fs::path(".") : dir, ec)) {
    return Status::InvalidArgument("--log " + a.log + ": its folder " + dir.string() +
                                   " does not exist");
  }
  if (fs::is_directory(a.log, ec)) {
    return Status::InvalidArgument("--log " + a.log + " is a folder; name the log file");
  }
  return o;
}

}  // namespace skyseed
