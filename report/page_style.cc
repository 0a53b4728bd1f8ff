#include "report/page_style.h"

namespace skyseed {
namespace {

// clang-format off
constexpr const char* kCss = R"(
*{box-sizing:border-box} main{max-width:1240px;margin:0 auto;padding:28px 20px 40px}
body{margin:0;background:#f3f4f6;color:#111827;font:14px/1.45 "DejaVu Sans",Helvetica,sans-serif}
h1{font-size:26px;margin:0 0 4px} h2{font-size:17px;margin:0 0 10px} h2.part{font-size:20px;margin:30px 0 12px}
.sub{color:#4b5563;margin:0 0 20px} .note{color:#6b7280;font-size:12.5px;margin:8px 0 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:14px}
.cards{margin-bottom:20px} .card{padding:14px 18px}
.card,.panel,figure{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.card .k{color:#6b7280;font-size:12px;text-transform:uppercase;letter-spacing:.05em}
.card .v{font-size:24px;font-weight:700;margin-top:2px} .card .d{color:#6b7280;font-size:12px}
.panel{padding:16px 18px;margin-bottom:20px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{padding:6px 9px;border-bottom:1px solid #e5e7eb;text-align:right;white-space:nowrap}
th{font-weight:600;color:#374151;background:#f9fafb;white-space:normal;vertical-align:bottom} th.l,td.l{text-align:left}
td.wrap{white-space:normal;min-width:200px} tbody tr:nth-child(even){background:#fafafa}
.mono{font-family:"DejaVu Sans Mono",monospace;font-size:12px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(540px,1fr));gap:20px}
.charts{margin-bottom:20px} figure{margin:0;padding:10px 12px 12px} figure.wide{grid-column:1/-1}
figure svg{width:100%;height:auto;display:block} figcaption a{color:#2563eb}
figcaption{color:#4b5563;font-size:12.5px;padding:4px 4px 0}
)";
// clang-format on

}  // namespace

const char* ReportCss() { return kCss; }

}  // namespace skyseed
