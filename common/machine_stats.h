// The machine under a measurement window: how busy its CPUs were, whether
// it swapped, how much disk was left. On a small host pgbench and the server
// share the cores, so a capacity figure means little without these.
#pragma once

#include <cstdint>
#include <string>

#include "common/status.h"

namespace skyseed {

struct MachineFacts {
  int cores = 1;
  double memory_gib = 0;
};
MachineFacts ReadMachineFacts();

double SwapUsedMiB();                         // /proc/meminfo; 0 when unknown
double DiskFreeGiB(const std::string& path);  // statvfs; -1 when unknown

}  // namespace skyseed
