// One row of ivoa.obscore: the 30 mandatory ObsCore 1.1 columns, with types
// and units as services store them (DaCHS), plus obs_pk, the row index, as
// the key. s_region holds the footprint as a pg_sphere spoly literal (text),
// because pg_sphere types have no binary input and a table holding one cannot
// take a binary COPY; the schema indexes (s_region::spoly) instead.
#pragma once

#include <cstdint>
#include <string>

#include "generator/columns.h"

namespace skyseed {

constexpr uint32_t kObsCoreTableId = 1;

struct ObsCoreRow {
  int64_t obs_pk = 0;
  std::string dataproduct_type;
  int16_t calib_level = 0;
  std::string obs_collection;
  std::string obs_id;
  std::string obs_publisher_did;
  std::string access_url;
  std::string access_format;
  int64_t access_estsize = 0;  // kbyte
  Nullable<std::string> target_name;
  double s_ra = 0, s_dec = 0;  // deg
  double s_fov = 0;            // deg, diameter
  std::string s_region;        // pg_sphere spoly literal
  Nullable<double> s_resolution;  // arcsec
  Nullable<int32_t> s_xel1, s_xel2;
  double t_min = 0, t_max = 0;  // MJD
  double t_exptime = 0;         // s
  Nullable<double> t_resolution;  // s
  Nullable<int32_t> t_xel;
  double em_min = 0, em_max = 0;  // m
  Nullable<double> em_res_power;
  Nullable<int32_t> em_xel;
  std::string o_ucd;
  Nullable<std::string> pol_states;
  Nullable<int32_t> pol_xel;
  std::string facility_name;
  std::string instrument_name;

  template <typename V>
  void Columns(V& v) {
    v("obs_pk", obs_pk);
    v("dataproduct_type", dataproduct_type);
    v("calib_level", calib_level);
    v("obs_collection", obs_collection);
    v("obs_id", obs_id);
    v("obs_publisher_did", obs_publisher_did);
    v("access_url", access_url);
    v("access_format", access_format);
    v("access_estsize", access_estsize);
    v("target_name", target_name);
    v("s_ra", s_ra);
    v("s_dec", s_dec);
    v("s_fov", s_fov);
    v("s_region", s_region);
    v("s_resolution", s_resolution);
    v("s_xel1", s_xel1);
    v("s_xel2", s_xel2);
    v("t_min", t_min);
    v("t_max", t_max);
    v("t_exptime", t_exptime);
    v("t_resolution", t_resolution);
    v("t_xel", t_xel);
    v("em_min", em_min);
    v("em_max", em_max);
    v("em_res_power", em_res_power);
    v("em_xel", em_xel);
    v("o_ucd", o_ucd);
    v("pol_states", pol_states);
    v("pol_xel", pol_xel);
    v("facility_name", facility_name);
    v("instrument_name", instrument_name);
  }
};

// Fills *row with row `index` of the corpus of `seed`. Reuses row's strings.
void GenerateObsCoreRow(uint64_t seed, uint64_t index, ObsCoreRow* row);

}  // namespace skyseed
