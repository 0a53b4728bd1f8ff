#include "report/profile_section.h"

#include <cstdio>

#include "profile/profiled_window.h"
#include "profile/service_profile_record.h"
#include "report/format.h"
#include "report/report_table.h"

namespace skyseed {
namespace {

constexpr size_t kWidestShown = 10;

std::string SharePercent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%", 100 * share);
  return text;
}

Table WidestTable(const ServiceProfileRecord& r) {
  Table t{{"Frame (module:function)", "Own (self)", "With its callees"}, {true, false, false}, {}};
  for (const FrameShare& f : WidestFrames(r.main(), kWidestShown)) {
    t.rows.push_back({f.frame, SharePercent(f.self), SharePercent(f.inclusive)});
  }
  return t;
}

// "austin 3.7.0 (...), 8 clients, 60 s every 10 ms: 5,960 CPU samples of
// 12,000 over 1 process. The sampler's cost: ..."
std::string ProfileFacts(const ServiceProfileRecord& r) {
  std::string s =
      r.sampler + ", " + std::to_string(r.clients) + " clients, " + FormatSeconds(r.seconds) +
      " every " + FormatPlain(r.interval_us / 1000.0) + " ms: " + FormatExact(r.cpu.samples) +
      " CPU samples of " + FormatExact(r.wall.samples) + " over " + std::to_string(r.processes) +
      (r.processes == 1 ? " process" : " processes") +
      ". The sampler's cost: " + FormatPlain(r.profiled_rate) + " req/s sampled against " +
      FormatPlain(r.unprofiled_rate) + " unsampled at the same clients";
  if (r.overhead() != -1) s += " (" + SharePercent(r.overhead()) + " of the throughput)";
  return s + "; its own CPU " + FormatSeconds(r.sampler_cpu_s) +
         ", counted apart, never as the service's.";
}

const char* kProfileCaption =
    "One more window at the tier's profiled client count with every DaCHS process sampled "
    "(non-blocking). Frames: module:function; own: the share of CPU samples with the frame on "
    "top, with its callees: in the stack anywhere. Read the wide application frames first "
    "(ADQL translation, VOTable serialisation, opening connections, Twisted), then the SQL "
    "ranking and the plans.";

}  // namespace

std::string ProfileFindingNote(const TierSweep& t) {
  if (!t.finding.saturated || t.finding.limit != LimitKind::kTapCpu) return "";
  Result<ServiceProfileRecord> r = ProfileFromJson(t.service_profile);
  if (!r.ok()) return "";
  const std::string sentence = WidestFrameSentence(*r);
  return sentence.empty() ? "" : "; " + sentence;
}

ProfilePart RenderServiceProfiles(const SweepRecord& r, const std::string& prefix) {
  ProfilePart out;
  for (const TierSweep& t : r.tiers) {
    if (t.service_profile.is_null()) continue;
    const std::string title = "The service's profile, tier " + t.tier;
    Result<ServiceProfileRecord> p = ProfileFromJson(t.service_profile);
    const std::string none = !p.ok()            ? p.status().message()
                             : p->has_profile() ? ""
                                                : "No profile: " + p->unavailable;
    if (!none.empty()) {
      out.html += Panel(title, "", "<p class=\"sub\">" + EscapeMarkup(none) + "</p>");
      out.markdown += "\n**" + title + "**: " + MdCell(none) + "\n";
      continue;
    }
    const std::string file = prefix + "flamegraph_" + t.tier + ".svg";
    const std::string svg = ProfileFlameGraph(*p, "DaCHS's CPU, tier " + t.tier);
    out.files.push_back({file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg});
    // Wall time beside it: every thread's time, waiting included.
    const std::string wall_file = prefix + "flamegraph_wall_" + t.tier + ".svg";
    const std::string wall_svg = ProfileFlameGraph(*p, "DaCHS's wall time, tier " + t.tier, true);
    if (!wall_svg.empty()) {
      out.files.push_back({wall_file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + wall_svg});
    }
    const std::string sentence = WidestFrameSentence(*p) + ". " + ProfileFacts(*p);
    out.html +=
        Panel(title, kProfileCaption,
              "<p>" + EscapeMarkup(sentence) + "</p><figure>" + svg + "<figcaption><a href=\"" +
                  EscapeMarkup(file) + "\">" + EscapeMarkup(file) + "</a></figcaption></figure>" +
                  HtmlTable(WidestTable(*p)));
    out.markdown += "\n**" + title + "**\n\n" + MdCell(sentence) + "\n\n" +
                    MdTable(WidestTable(*p)) + "\n![flamegraph " + t.tier + "](" + file + ")\n" +
                    (wall_svg.empty() ? "" : "[wall time](" + wall_file + ")\n");
  }
  return out;
}

}  // namespace skyseed
