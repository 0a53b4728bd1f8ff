// The report page's style sheet, inline in report.html (no external asset).
#pragma once

namespace skyseed {

const char* ReportCss();

}  // namespace skyseed
