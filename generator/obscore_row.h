// One row of the ObsCore table: every ObsCore 1.1 column GAVO DaCHS serves,
// in its order, with the REC's types (BIGINT for access_estsize and the
// *_xel axes) and units (deg, arcsec, d, s, m, kbyte), plus obs_pk, the row
// index, as skyseed's own key (never part of the ObsCore column list).
// s_region holds the footprint as a pg_sphere spoly literal; see
// schema/corpus_schema.h for how it becomes a real spoly.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "generator/columns.h"

namespace skyseed {

constexpr uint32_t kObsCoreTableId = 1;

struct ObsCoreRow {
  int64_t obs_pk = 0;
  std::string dataproduct_type;
  Nullable<std::string> dataproduct_subtype;
  int16_t calib_level = 0;
  std::string obs_collection;
  std::string obs_id;
  std::string obs_title;
  std::string obs_publisher_did;
  Nullable<std::string> obs_creator_did;
  std::string access_url;
  std::string access_format;
  int64_t access_estsize = 0;  // kbyte
  Nullable<std::string> target_name;
  Nullable<std::string> target_class;
  double s_ra = 0, s_dec = 0;     // deg
  double s_fov = 0;               // deg, diameter
  std::string s_region;           // pg_sphere spoly literal
  Nullable<double> s_resolution;  // arcsec
  double t_min = 0, t_max = 0;    // MJD
  double t_exptime = 0;           // s
  Nullable<double> t_resolution;  // s
  double em_min = 0, em_max = 0;  // m
  Nullable<double> em_res_power;
  std::string o_ucd;
  Nullable<std::string> pol_states;
  std::string facility_name;
  std::string instrument_name;
  // -1 for an axis without pixels (an event list's), as the REC asks.
  int64_t s_xel1 = 0, s_xel2 = 0, t_xel = 0, em_xel = 0;
  int64_t pol_xel = 0;             // 0 without polarisation states
  Nullable<double> s_pixel_scale;  // arcsec
  std::string em_ucd;
  Nullable<std::string> preview;

  template <typename V>
  void Columns(V& v) {
    using M = ColumnMeta;
    constexpr M::Role S = M::kStandard;
    // clang-format off
    v("obs_pk", obs_pk, M{"", "meta.id;meta.main", "", "skyseed's key: the row index in the corpus", M::kBookkeeping});
    v("dataproduct_type", dataproduct_type, M{"", "meta.code.class", "obscore:ObsDataset.dataProductType", "High level scientific classification of the data product (image, cube, spectrum, visibility, event, timeseries)", S, true});
    v("dataproduct_subtype", dataproduct_subtype, M{"", "meta.code.class", "obscore:ObsDataset.dataProductSubtype", "Data product specific type", S});
    v("calib_level", calib_level, M{"", "meta.code;obs.calib", "obscore:ObsDataset.calibLevel", "Amount of data processing applied to the data (0 .. 4: raw, instrumental, calibrated, science-ready, analysis product)", S, true});
    v("obs_collection", obs_collection, M{"", "meta.id", "obscore:DataID.Collection", "Name of the data collection", S, true});
    v("obs_id", obs_id, M{"", "meta.id", "obscore:DataID.observationID", "Identifier of the observation in its collection", S, true});
    v("obs_title", obs_title, M{"", "meta.title;obs", "obscore:DataID.Title", "Free-form title of the data set", S});
    v("obs_publisher_did", obs_publisher_did, M{"", "meta.ref.ivoid", "obscore:Curation.PublisherDID", "Dataset identifier assigned by the publisher", S, true});
    v("obs_creator_did", obs_creator_did, M{"", "meta.id", "obscore:DataID.CreatorDID", "Dataset identifier assigned by the creator", S});
    v("access_url", access_url, M{"", "meta.ref.url", "obscore:Access.Reference", "URL at which to obtain the data set", S, true});
    v("access_format", access_format, M{"", "meta.code.mime", "obscore:Access.Format", "MIME type of the resource at access_url", S, true});
    v("access_estsize", access_estsize, M{"kbyte", "phys.size;meta.file", "obscore:Access.Size", "Estimated size of the data product", S, true});
    v("target_name", target_name, M{"", "meta.id;src", "obscore:Target.Name", "Name of the object or field the observation targeted", S, true});
    v("target_class", target_class, M{"", "src.class", "obscore:Target.Class", "Class of the target object", S});
    v("s_ra", s_ra, M{"deg", "pos.eq.ra", "obscore:Char.SpatialAxis.Coverage.Location.Coord.Position2D.Value2.C1", "Right ascension of the centre of the observation, ICRS", S, true});
    v("s_dec", s_dec, M{"deg", "pos.eq.dec", "obscore:Char.SpatialAxis.Coverage.Location.Coord.Position2D.Value2.C2", "Declination of the centre of the observation, ICRS", S, true});
    v("s_fov", s_fov, M{"deg", "phys.angSize;instr.fov", "obscore:Char.SpatialAxis.Coverage.Bounds.Extent.diameter", "Diameter of the region covered", S, true});
    v("s_region", s_region, M{"", "pos.outline;obs.field", "obscore:Char.SpatialAxis.Coverage.Support.Area", "Region covered by the observation, a polygon in ICRS", S, true});
    v("s_resolution", s_resolution, M{"arcsec", "pos.angResolution", "obscore:Char.SpatialAxis.Resolution.Refval.value", "Best spatial resolution within the data set", S, true});
    v("t_min", t_min, M{"d", "time.start;obs.exposure", "obscore:Char.TimeAxis.Coverage.Bounds.Limits.StartTime", "Start of the observation, MJD", S, true});
    v("t_max", t_max, M{"d", "time.end;obs.exposure", "obscore:Char.TimeAxis.Coverage.Bounds.Limits.StopTime", "End of the observation, MJD", S, true});
    v("t_exptime", t_exptime, M{"s", "time.duration;obs.exposure", "obscore:Char.TimeAxis.Coverage.Support.Extent", "Total exposure time", S, true});
    v("t_resolution", t_resolution, M{"s", "time.resolution", "obscore:Char.TimeAxis.Resolution.Refval.value", "Minimal significant time interval along the time axis", S, true});
    v("em_min", em_min, M{"m", "em.wl;stat.min", "obscore:Char.SpectralAxis.Coverage.Bounds.Limits.LoLimit", "Shortest wavelength observed", S, true});
    v("em_max", em_max, M{"m", "em.wl;stat.max", "obscore:Char.SpectralAxis.Coverage.Bounds.Limits.HiLimit", "Longest wavelength observed", S, true});
    v("em_res_power", em_res_power, M{"", "spect.resolution", "obscore:Char.SpectralAxis.Resolution.ResolPower.refVal", "Spectral resolving power lambda / delta lambda", S, true});
    v("o_ucd", o_ucd, M{"", "meta.ucd", "obscore:Char.ObservableAxis.ucd", "UCD of the observable (the pixel values)", S, true});
    v("pol_states", pol_states, M{"", "meta.code;phys.polarization", "obscore:Char.PolarizationAxis.stateList", "Polarisation states in the data set, in the REC's order", S, true});
    v("facility_name", facility_name, M{"", "meta.id;instr.tel", "obscore:Provenance.ObsConfig.Facility.name", "Facility that took the data", S, true});
    v("instrument_name", instrument_name, M{"", "meta.id;instr", "obscore:Provenance.ObsConfig.Instrument.name", "Instrument that produced the data", S, true});
    v("s_xel1", s_xel1, M{"", "meta.number", "obscore:Char.SpatialAxis.numBins1", "Elements along the first spatial axis (-1: not pixelated)", S, true});
    v("s_xel2", s_xel2, M{"", "meta.number", "obscore:Char.SpatialAxis.numBins2", "Elements along the second spatial axis (-1: not pixelated)", S, true});
    v("t_xel", t_xel, M{"", "meta.number", "obscore:Char.TimeAxis.numBins", "Elements along the time axis (-1: not pixelated)", S, true});
    v("em_xel", em_xel, M{"", "meta.number", "obscore:Char.SpectralAxis.numBins", "Elements along the spectral axis (-1: not pixelated)", S, true});
    v("pol_xel", pol_xel, M{"", "meta.number", "obscore:Char.PolarizationAxis.numBins", "Elements along the polarisation axis", S, true});
    v("s_pixel_scale", s_pixel_scale, M{"arcsec", "phys.angSize;instr.pixel", "obscore:Char.SpatialAxis.Sampling.RefVal.SamplingPeriod", "Sampling period along the spatial axes", S});
    v("em_ucd", em_ucd, M{"", "meta.ucd", "obscore:Char.SpectralAxis.ucd", "UCD of the spectral axis", S});
    v("preview", preview, M{"", "meta.ref.url;meta.preview", "", "URL of a quick-look image (not an ObsCore 1.1 column)"});
    // clang-format on
  }
};

// Fills *row with row `index` of the corpus of `seed`. Reuses row's strings.
void GenerateObsCoreRow(uint64_t seed, uint64_t index, ObsCoreRow* row);

// Writes into *did the publisher DID of observation `obs_id`,
// "ivo://skyseed.example/<survey>?<obs_id>": the survey is obs_id's prefix
// up to the first '.', lower-cased. The one writer of the DID, for the rows
// and for the lookups that must find them.
void WritePublisherDid(std::string_view obs_id, std::string* did);

}  // namespace skyseed
