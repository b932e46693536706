// include/gbgpu_export.h: how libgbgpu marks what it exports (its symbols are hidden otherwise).
// SPDX-License-Identifier: Apache-2.0
//
// Apart from gbgpu.h so that code that must not see GraphBLAS.h (the
// wrappers generated from a library's own declarations) exports the same way.

#ifndef GBGPU_EXPORT_H
#define GBGPU_EXPORT_H

#if defined(__GNUC__)
#define GBGPU_EXPORT __attribute__ ((visibility ("default")))
#else
#define GBGPU_EXPORT
#endif

#endif
